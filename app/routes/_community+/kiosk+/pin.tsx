// "Change my PIN": her current PIN (counted like any PIN on this kiosk), then the new one twice.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  checkKioskPin,
  kioskMessage,
  kioskPausedMessage,
  kioskPinProblem,
  setKioskPin,
} from "~/models/kiosk.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { frameOf, residentT } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { PIN_DIGITS, pinShapeProblem } from "~/utils/pin-shape";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("pin.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  return { frame: frameOf(ctx.community, ctx.kiosk, ctx), hasPin: !!ctx.resident.kioskPinHash };
}

type Errors = { current?: string; next?: string; again?: string };

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const t = await residentT(request, ctx.db, ctx.community, ctx.resident.id);
  const form = await request.formData();
  const current = String(form.get("current") ?? "").trim();
  const next = String(form.get("next") ?? "").trim();
  const again = String(form.get("again") ?? "").trim();
  const errors: Errors = {};
  // what does not have a PIN's shape is said so in our words (never counted as a wrong PIN)
  const shape = (pin: string) => {
    const problem = pinShapeProblem(pin);
    return problem ? t(problem.key, problem.values) : null;
  };
  const needsCurrent = Boolean(ctx.resident.kioskPinHash || !ctx.helper);
  // (without a PIN at all, the check below says so)
  const currentShape = ctx.resident.kioskPinHash ? shape(current) : null;
  if (currentShape) errors.current = currentShape;
  // without a PIN yet, a member of staff who helps her may set the first one here
  else if (needsCurrent) {
    const check = await checkKioskPin(ctx.db, {
      communityId: ctx.community.id,
      kioskId: ctx.kiosk.id,
      kioskName: ctx.kiosk.name,
      resident: ctx.resident,
      pin: current,
      client: clientOf(request),
    });
    if (!check.ok)
      errors.current =
        check.reason === "paused"
          ? kioskPausedMessage(check.retryAfterSeconds, t)
          : check.reason === "kiosk-paused"
            ? kioskMessage("askStaff", t)
            : check.reason === "no-pin"
              ? kioskMessage("noPin", t)
              : kioskMessage("wrongPin", t);
  }
  const problem = shape(next) ?? kioskPinProblem(next, t);
  if (problem) errors.next = problem;
  else if (next !== again) errors.again = kioskMessage("pinMismatch", t);
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  await setKioskPin(ctx.db, ctx.resident.id, next);
  return redirectWithToast("/kiosk/me", { type: "success", title: t("pin.saved") });
}

/**
 * A 4-digit PIN field. It says "4 digits" under its label; the form is sent unchecked by the
 * browser (noValidate) so that a PIN too short gets our own message from the server, never the
 * browser's bare "match the requested format".
 */
function PinField({ name, label, error }: { name: string; label: string; error?: string }) {
  const td = useT("details");
  return (
    <div className="mb-4">
      <label htmlFor={name} className="label text-xl">
        {label}
      </label>
      <p id={`${name}-hint`} className="mb-1 text-lg text-stone-700">
        {td("pin.hint")}
      </p>
      <input
        id={name}
        name={name}
        type="password"
        inputMode="numeric"
        pattern={`[0-9]{${PIN_DIGITS}}`}
        title={td("pin.hint")}
        maxLength={PIN_DIGITS}
        autoComplete="off"
        required
        className="input text-center tracking-[0.5em]"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-hint ${name}-error` : `${name}-hint`}
      />
      {error ? (
        <p id={`${name}-error`} className="field-error text-lg" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function KioskChangePin() {
  const { frame, hasPin } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Errors = result?.errors ?? {};
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("pin.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
        </Link>
      </div>
      <Form method="post" noValidate className="card mx-auto max-w-xl">
        {hasPin || !frame.helperName ? (
          <PinField name="current" label={t("pin.now")} error={errors.current} />
        ) : null}
        <PinField name="next" label={t("pin.new")} error={errors.next} />
        <PinField name="again" label={t("pin.again")} error={errors.again} />
        <button type="submit" className="btn-primary w-full">
          {t("pin.save")}
        </button>
      </Form>
    </KioskFrame>
  );
}
