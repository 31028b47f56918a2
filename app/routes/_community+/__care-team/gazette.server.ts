// The gazette of any resident, for the care team to print and hand over:
// /admin|staff/residents/{id}/gazette and .../gazette.pdf.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";
import { gazettePdfDownload } from "~/models/gazette-pdf.server";
import { gazettePageData } from "../__gazette.server";
import { AREAS, areaOf } from "./areas";

export async function gazetteLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const id = params.residentId ?? "";
  return {
    ...(await gazettePageData(
      request,
      db,
      community,
      id,
      `${AREAS[area].residents}/${encodeURIComponent(id)}/gazette`,
    )),
    residentsPath: AREAS[area].residents,
  };
}

export async function gazettePdfLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const id = params.residentId ?? "";
  return gazettePdfDownload(
    request,
    db,
    community,
    id,
    `${AREAS[area].residents}/${encodeURIComponent(id)}/gazette`,
  );
}
