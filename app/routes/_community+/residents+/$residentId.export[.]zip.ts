// GET /residents/{id}/export.zip: a resident's stories to take away: every story as HTML
// and JSON, recordings, photos, comments, the family's photos and an index.html that works offline.
// For the resident themselves and their community's administrators; anyone else 403 (404 unknown).
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { residentExportZip } from "~/models/resident-export.server";
import { getResident } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";
import { ADMIN_ROLES, ROLE, roleIn } from "~/utils/roles";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, community, db } = await requireTenantUser(request);
  const residentId = params.residentId ?? "";
  const own = user.role === ROLE.resident && user.residentId === residentId;
  if (!own && !roleIn(user.role, ADMIN_ROLES))
    throw new Response(
      "Only the resident and the community's administrators can take a resident's stories away.",
      { status: 403 },
    );
  const resident = getResident(db, residentId);
  if (!resident) throw new Response("We could not find that resident.", { status: 404 });
  const zip = residentExportZip(db, community, residentId);
  if (!zip) throw new Response("We could not find that resident.", { status: 404 });
  const fileName = `${resident.firstName}-${resident.lastName}-stories.zip`.replace(
    /[^\w.-]+/g,
    "-",
  );
  return new Response(Readable.toWeb(zip as Readable) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
