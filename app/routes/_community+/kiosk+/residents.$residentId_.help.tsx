// "I'm helping": a member of staff starts a resident's kiosk session by confirming with their own
// username and password (counted like a sign-in). The stories told then say "told with help from".
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireKiosk } from "~/utils/permissions.server";
import { clientOf } from "~/utils/host.server";
import {
  getKioskResident,
  latestKioskDraft,
  settleKioskTurns,
  startKioskTurn,
} from "~/models/kiosk.server";
import { writeAudit } from "~/models/audit.server";
import { KioskFrame, KioskPortrait } from "~/components/kiosk/KioskFrame";
import { StaffConfirmForm } from "~/components/kiosk/StaffConfirmForm";
import { frameOf, helperNameOf, verifyHelper } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { getT } from "~/utils/i18n.server";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("pad.helping")) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  const resident = getKioskResident(db, params.residentId ?? "");
  if (!resident)
    throw new Response((await getT(request, "kiosk"))("residentNotHere"), { status: 404 });
  return {
    frame: frameOf(community, kiosk),
    resident: {
      id: resident.id,
      firstName: resident.firstName,
      lastName: resident.lastName,
      imageId: resident.profileImageId,
    },
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  const resident = getKioskResident(db, params.residentId ?? "");
  if (!resident)
    throw new Response((await getT(request, "kiosk"))("residentNotHere"), { status: 404 });
  const form = await request.formData();
  const username = String(form.get("username") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "").slice(0, 1000);
  const helper = await verifyHelper(request, community, username, password);
  if (!helper.ok) return data({ error: helper.message, username }, { status: 400 });
  const client = clientOf(request);
  startKioskTurn(
    db,
    { tenantId: community.id, kiosk, client, timeZone: community.timeZone },
    {
      residentId: resident.id,
      helper: {
        userId: helper.user.id,
        name: helperNameOf(helper.user.displayName, helper.user.username),
      },
    },
  );
  writeAudit({
    client,
    actorUserId: helper.user.id,
    action: "kiosk.helped",
    tenantId: community.id,
    details: `${kiosk.name}: ${resident.firstName} ${resident.lastName}`,
  });
  await settleKioskTurns(db, community, client);
  // a story she sent after her last turn here ended: the turn opens on it
  const draft = latestKioskDraft(db, kiosk.id, resident.id);
  return redirect(draft ? `/kiosk/write?draft=${encodeURIComponent(draft.id)}` : "/kiosk/me");
}

export default function KioskHelping() {
  const { frame, resident } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <section className="mx-auto max-w-xl" aria-labelledby="help-title">
        <div className="mb-4 flex justify-center">
          <KioskPortrait
            firstName={resident.firstName}
            lastName={resident.lastName}
            imageId={resident.imageId}
            size={120}
          />
        </div>
        <h1 id="help-title" className="page-title mb-2 text-center">
          {t("help.title", { name: `${resident.firstName} ${resident.lastName}` })}
        </h1>
        <p className="mb-4 text-center text-xl">{t("help.intro")}</p>
        <StaffConfirmForm
          error={result?.error}
          username={result?.username}
          submitLabel={t("help.start")}
        />
        <p className="mt-6 text-center">
          <Link to={`/kiosk/residents/${resident.id}`} className="btn-secondary">
            <span aria-hidden="true">←</span> {t("common:back")}
          </Link>
        </p>
      </section>
    </KioskFrame>
  );
}
