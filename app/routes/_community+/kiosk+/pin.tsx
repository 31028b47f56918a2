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
  // without a PIN yet, a member of staff who helps her may set the first one here
  if (ctx.resident.kioskPinHash || !ctx.helper) {
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
  const problem = kioskPinProblem(next, t);
  if (problem) errors.next = problem;
  else if (next !== again) errors.again = kioskMessage("pinMismatch", t);
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  await setKioskPin(ctx.db, ctx.resident.id, next);
  return redirectWithToast("/kiosk/me", { type: "success", title: t("pin.saved") });
}

function PinField({ name, label, error }: { name: string; label: string; error?: string }) {
  return (
    <div className="mb-4">
      <label htmlFor={name} className="label text-xl">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        inputMode="numeric"
        pattern="[0-9]{4}"
        maxLength={4}
        autoComplete="off"
        required
        className="input text-center tracking-[0.5em]"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
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
      <Form method="post" className="card mx-auto max-w-xl">
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
