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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireArea(request, "admin");
  const kiosk = getKiosk(db, params.kioskId ?? "");
  if (!kiosk) throw new Response("Kiosk not found", { status: 404 });
  return { kiosk: { id: kiosk.id, name: kiosk.name, off: !!kiosk.revokedAt } };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const kiosk = getKiosk(db, params.kioskId ?? "");
  if (!kiosk) throw new Response("Kiosk not found", { status: 404 });
  revokeKiosk(db, kiosk.id, {
    actorUserId: user.id,
    tenantId: community.id,
    client: clientOf(request),
  });
  return redirectWithToast("/admin/kiosks", {
    type: "success",
    title: "Kiosk switched off",
    description: `${kiosk.name} is no longer a kiosk.`,
  });
}

export default function RevokeKiosk() {
  const { kiosk } = useLoaderData<typeof loader>();
  return (
    <RouteDialog id="revoke-kiosk" title="Switch off this kiosk?" closeTo="/admin/kiosks">
      <p className="mb-4 text-lg">
        <strong>{kiosk.name}</strong> stops being a kiosk at once: whoever is using it now is ended,
        and the tablet shows “This kiosk was switched off”. To use the tablet again, register a new
        kiosk.
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        <SubmitButton className="btn-danger" pendingText="Switching off...">
          Switch off {kiosk.name}
        </SubmitButton>
        <Link to="/admin/kiosks" className="btn-secondary" preventScrollReset>
          Keep it on
        </Link>
      </Form>
    </RouteDialog>
  );
}
