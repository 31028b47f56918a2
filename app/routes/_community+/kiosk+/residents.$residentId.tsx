// A resident chose her photo on the kiosk: her 4-digit kiosk PIN starts her session. Five wrong
// PINs pause her PIN on this kiosk, and 30 wrong ones on the kiosk within the hour, whoever they
// were for, stop it taking PINs (models/kiosk.server.ts); a member of staff can still help ("I'm
// helping", the next page). A PIN works here only, never at /login. A story she sent after her
// last turn ended waits for her: the turn opens on it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireKiosk } from "~/utils/permissions.server";
import { clientOf } from "~/utils/host.server";
import {
  checkKioskPin,
  getKioskResident,
  kioskMessage,
  kioskPausedMessage,
  kioskPinPaused,
  kioskPinsStopped,
  latestKioskDraft,
  settleKioskTurns,
  startKioskTurn,
} from "~/models/kiosk.server";
import { KioskFrame, KioskPortrait } from "~/components/kiosk/KioskFrame";
import { frameOf } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { getT } from "~/utils/i18n.server";
import { metaT, useT } from "~/utils/i18n";
import { PIN_DIGITS, pinShapeProblem } from "~/utils/pin-shape";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("pad.pageTitle")) },
];

// the PIN pad is a shared screen: who she is is not known until her PIN is right

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  const t = await getT(request, "kiosk");
  const resident = getKioskResident(db, params.residentId ?? "");
  if (!resident) throw new Response(t("residentNotHere"), { status: 404 });
  const spent = kioskPinPaused(community.id, kiosk.id, resident.id);
  const stopped = !kioskPinsStopped(community.id, kiosk.id).ok;
  return {
    frame: frameOf(community, kiosk),
    resident: {
      id: resident.id,
      firstName: resident.firstName,
      lastName: resident.lastName,
      imageId: resident.profileImageId,
      hasPin: !!resident.kioskPinHash,
    },
    paused: spent.ok ? null : kioskPausedMessage(spent.retryAfterSeconds, t),
    /** the kiosk takes no PINs for now: it asks for staff */
    askStaff: stopped ? kioskMessage("askStaff", t) : null,
    hasDraft: !!latestKioskDraft(db, kiosk.id, resident.id),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  const t = await getT(request, "kiosk");
  const resident = getKioskResident(db, params.residentId ?? "");
  if (!resident) throw new Response(t("residentNotHere"), { status: 404 });
  const form = await request.formData();
  const pin = String(form.get("pin") ?? "").trim();
  // too few digits, or not digits: said in words (a wrong PIN is counted only when it has a PIN's shape)
  const shape = pinShapeProblem(pin);
  if (shape) return data({ error: t(shape.key, shape.values) }, { status: 400 });
  const client = clientOf(request);
  const check = await checkKioskPin(db, {
    communityId: community.id,
    kioskId: kiosk.id,
    kioskName: kiosk.name,
    resident,
    pin,
    client,
  });
  if (check.ok) {
    const audit = { tenantId: community.id, kiosk, client, timeZone: community.timeZone };
    startKioskTurn(db, audit, { residentId: resident.id });
    await settleKioskTurns(db, community, client);
    // a story she sent after her last turn here ended: the turn opens on it
    const draft = latestKioskDraft(db, kiosk.id, resident.id);
    return redirect(draft ? `/kiosk/write?draft=${encodeURIComponent(draft.id)}` : "/kiosk/me");
  }
  if (check.reason === "no-pin") return data({ error: kioskMessage("noPin", t) }, { status: 400 });
  if (check.reason === "kiosk-paused" || !kioskPinsStopped(community.id, kiosk.id).ok)
    return data({ error: kioskMessage("askStaff", t), askStaff: true }, { status: 429 });
  if (check.reason === "paused")
    return data({ error: kioskPausedMessage(check.retryAfterSeconds, t) }, { status: 429 });
  if (check.remaining === 0)
    return data({ error: kioskPausedMessage(15 * 60, t) }, { status: 429 });
  return data({ error: t("message.wrongPinLeft", { count: check.remaining }) }, { status: 400 });
}

export default function KioskPin() {
  const { frame, resident, paused, askStaff, hasDraft } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result?.error ?? paused;
  // the kiosk takes no more PINs for now: it asks for staff instead
  const stopped = result && "askStaff" in result ? result.error : askStaff;
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <section className="mx-auto max-w-xl text-center" aria-labelledby="pin-title">
        <div className="mb-4 flex justify-center">
          <KioskPortrait
            firstName={resident.firstName}
            lastName={resident.lastName}
            imageId={resident.imageId}
          />
        </div>
        <h1 id="pin-title" className="page-title mb-4">
          {t("pad.hello", { name: `${resident.firstName} ${resident.lastName}` })}
        </h1>
        {stopped ? (
          <p
            className="card mb-6 border-2 border-brand-700 text-xl"
            role="alert"
            data-testid="kiosk-ask-staff"
          >
            {stopped}
          </p>
        ) : resident.hasPin ? (
          // our own words for a short PIN, never the browser's bare "match the requested format"
          <Form method="post" className="card mb-6 text-left" noValidate>
            {hasDraft ? (
              <p className="mb-3 text-xl" data-testid="kiosk-draft-waiting">
                {t("pad.draftWaiting")}
              </p>
            ) : null}
            <label htmlFor="pin" className="label text-2xl">
              {t("pad.label")}
            </label>
            <p id="pin-hint" className="mb-2 text-xl text-stone-800">
              {t("details:pin.hint")}
            </p>
            <input
              id="pin"
              name="pin"
              type="password"
              inputMode="numeric"
              pattern="[0-9]{4}"
              title={t("details:pin.hint")}
              maxLength={PIN_DIGITS}
              autoComplete="off"
              required
              className="input mb-3 text-center tracking-[0.5em]"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "pin-hint pin-error" : "pin-hint"}
            />
            {error ? (
              <p
                id="pin-error"
                className="field-error mb-3 text-xl"
                role="alert"
                data-testid="pin-error"
              >
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn-primary w-full">
              {t("pad.start")}
            </button>
          </Form>
        ) : (
          <p className="card mb-6 text-xl">{t("message.noPin")}</p>
        )}
        <div className="flex flex-wrap justify-center gap-4">
          <Link
            to={`/kiosk/residents/${resident.id}/help`}
            className="btn-secondary"
            data-testid="kiosk-helping"
          >
            {t("pad.helping")}
          </Link>
          <Link to="/kiosk" className="btn-secondary">
            <span aria-hidden="true">←</span> {t("pad.notMe")}
          </Link>
        </div>
      </section>
    </KioskFrame>
  );
}
