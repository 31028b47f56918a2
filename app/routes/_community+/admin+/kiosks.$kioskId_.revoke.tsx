// Switching a kiosk off (asked first, on its own URL): its tablet stops being a kiosk at once and
// whoever is using it is ended; it shows "This kiosk was switched off".
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getKiosk, revokeKiosk } from "~/models/kiosk.server";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireArea(request, "admin");
  const kiosk = getKiosk(db, params.kioskId ?? "");
  if (!kiosk)
    throw new Response((await getT(request, "admin"))("kiosks.notFound"), { status: 404 });
  return { kiosk: { id: kiosk.id, name: kiosk.name, off: !!kiosk.revokedAt } };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const t = await getT(request, "admin");
  const kiosk = getKiosk(db, params.kioskId ?? "");
  if (!kiosk) throw new Response(t("kiosks.notFound"), { status: 404 });
  revokeKiosk(db, kiosk.id, {
    actorUserId: user.id,
    tenantId: community.id,
    client: clientOf(request),
  });
  return redirectWithToast("/admin/kiosks", {
    type: "success",
    title: t("revoke.done"),
    description: t("revoke.doneDescription", { name: kiosk.name }),
  });
}

export default function RevokeKiosk() {
  const { kiosk } = useLoaderData<typeof loader>();
  const t = useT("admin");
  return (
    <RouteDialog id="revoke-kiosk" title={t("revoke.title")} closeTo="/admin/kiosks">
      <p className="mb-4 text-lg">
        <strong>{kiosk.name}</strong> {t("revoke.intro")}
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        <SubmitButton className="btn-danger" pendingText={t("revoke.switching")}>
          {t("revoke.submit", { name: kiosk.name })}
        </SubmitButton>
        <Link to="/admin/kiosks" className="btn-secondary" preventScrollReset>
          {t("revoke.keep")}
        </Link>
      </Form>
    </RouteDialog>
  );
}
