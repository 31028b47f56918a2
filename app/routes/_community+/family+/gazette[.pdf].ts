// /family/gazette.pdf: the gazette of the family member's resident as a PDF (?month=, ?paper=a4|letter).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFamilyMember } from "~/utils/permissions.server";
import { gazettePdfResponse } from "../__gazette.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, resident } = await requireFamilyMember(request);
  return gazettePdfResponse(request, db, community, resident.id, "/family/gazette");
}
