// /staff/residents/{residentId}/gazette.pdf: a resident's gazette as a PDF, in the resident's
// language (?month=, ?paper=a4|letter).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { gazettePdfDownload } from "~/models/gazette-pdf.server";
import { requireArea } from "~/utils/permissions.server";
import { AREAS } from "../__care-team/areas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "staff");
  const id = params.residentId ?? "";
  return gazettePdfDownload(
    request,
    db,
    community,
    id,
    `${AREAS.staff.residents}/${encodeURIComponent(id)}/gazette`,
  );
}
