// GET /residents/{id}/export.zip: a resident's stories to take away: every story as HTML
// and JSON, recordings, photos, comments, the family's photos and an index.html that works offline.
// For the resident themselves and their community's administrators; anyone else 403 (404 unknown).
// Made in turn with the other PDFs and zips (503 when many are).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { writeResidentExportZip } from "~/models/resident-export.server";
import { getResident } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";
import { queuedDownload } from "~/utils/download-queue.server";
import { getT } from "~/utils/i18n.server";
import { ADMIN_ROLES, ROLE, roleIn } from "~/utils/roles";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, community, db } = await requireTenantUser(request);
  const t = await getT(request, "pdf");
  const residentId = params.residentId ?? "";
  const own = user.role === ROLE.resident && user.residentId === residentId;
  if (!own && !roleIn(user.role, ADMIN_ROLES))
    throw new Response(t("download.exportRefused"), { status: 403 });
  const resident = getResident(db, residentId);
  if (!resident) throw new Response(t("download.noResident"), { status: 404 });
  const fileName = `${resident.firstName}-${resident.lastName}-stories.zip`.replace(
    /[^\w.-]+/g,
    "-",
  );
  return queuedDownload(
    request,
    {
      contentType: "application/zip",
      fileName,
      disposition: "attachment",
      busy: {
        what: "story downloads",
        back: own
          ? { href: "/resident", label: t("download.backToYourPage") }
          : { href: "/admin/residents", label: t("download.backToResidents") },
      },
    },
    async (out) => {
      if (!(await writeResidentExportZip(db, community, residentId, out)))
        throw new Response(t("download.noResident"), { status: 404 });
    },
  );
}
