// GET /api/notifications: the signed-in person's notifications, newest first, each with kind,
// text (in the reader's language), link, read and createdAt (reading them here does not mark them
// read). ?limit= up to 200.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNotifications } from "~/models/notification.server";
import { requestLanguage } from "~/utils/i18n.server";
import { requireTenantUser } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user } = await requireTenantUser(request);
  const raw = Number(new URL(request.url).searchParams.get("limit") ?? 50);
  const limit = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 200) : 50;
  return Response.json(
    listNotifications(db, user.id, { lang: await requestLanguage(request), limit }),
  );
}
