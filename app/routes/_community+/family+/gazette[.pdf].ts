// /family/gazette.pdf: the gazette of the family member's resident as a PDF, in the resident's
// language (?month=, ?paper=a4|letter).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { gazettePdfDownload } from "~/models/gazette-pdf.server";
import { requireFamilyMember } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, resident } = await requireFamilyMember(request, {
    residentId: new URL(request.url).searchParams.get("resident"),
  });
  return gazettePdfDownload(request, db, community, resident.id, "/family/gazette");
}
