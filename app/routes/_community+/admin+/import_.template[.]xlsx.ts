// GET /admin/import/template.xlsx: the import's columns as an Excel workbook (its dates formatted
// as dates, a second sheet saying how to fill it in), in the reader's language. Administrators only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateXlsx } from "~/models/resident-import.server";
import { requireArea } from "~/utils/permissions.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "admin");
  const t = await getT(request, "import");
  const fileName = `${t("template.fileName")}.xlsx`.replace(/[^\w.-]+/g, "-");
  return new Response(new Uint8Array(await templateXlsx(t)), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
