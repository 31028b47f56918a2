// GET /admin/import/template.csv: the import's columns as a CSV header row, in the reader's
// language (the import reads English and Spanish headings alike). Administrators only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateHeaders } from "~/models/resident-import.server";
import { csvResponse, toCsv } from "~/utils/csv";
import { requireArea } from "~/utils/permissions.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "admin");
  const t = await getT(request, "import");
  return csvResponse(`${t("template.fileName")}.csv`, toCsv(templateHeaders(t), []));
}
