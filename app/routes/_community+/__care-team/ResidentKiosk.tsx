// The resident's kiosk dialog: consent, PIN, sign-in card. Works without JavaScript (its own URL).
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import type { residentKioskLoader, ResidentKioskResult } from "./resident-kiosk.server";
import { translateMessage, useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";

export function ResidentKioskDialog() {
  const { resident } = useLoaderData<typeof residentKioskLoader>();
  const result = useActionData() as ResidentKioskResult | undefined;
  const cfg = AREAS[useCareTeamArea()];
  const consent = result?.consent ?? resident.consent;
  const t = useT("care");
  const name = resident.name;
  return (
    <RouteDialog
      id="resident-kiosk"
      title={t("kiosk.title", { name })}
      closeTo={cfg.residents}
      wide
    >
      <Form method="post" className="mb-6">
        <input type="hidden" name="intent" value="save" />
        <div className="mb-4 flex items-start gap-3">
          <input
            id="kiosk-consent"
            name="consent"
            type="checkbox"
            defaultChecked={consent}
            className="mt-1 h-6 w-6"
          />
          <label htmlFor="kiosk-consent" className="text-lg">
            {t("kiosk.consent", { name })}
          </label>
        </div>
        <label htmlFor="kiosk-pin" className="label">
          {resident.hasPin ? t("kiosk.newPin") : t("kiosk.pin")}{" "}
          <span className="font-normal">
            {resident.hasPin ? t("kiosk.pinDigitsKeep") : t("kiosk.pinDigits")}
          </span>
        </label>
        <input
          id="kiosk-pin"
          name="pin"
          type="password"
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          autoComplete="off"
          className="input mb-1 max-w-[12rem]"
          aria-invalid={result?.pinError && !result.card ? true : undefined}
          aria-describedby={result?.pinError ? "kiosk-pin-error" : "kiosk-pin-hint"}
        />
        <p id="kiosk-pin-hint" className="mb-3 text-base text-stone-700">
          {t("kiosk.pinHint", { name })}
        </p>
        {result?.pinError ? (
          <p id="kiosk-pin-error" className="field-error mb-3" role="alert">
            {translateMessage(t, result.pinError)}
          </p>
        ) : null}
        <SubmitButton pendingText={t("saving")}>{t("kiosk.save")}</SubmitButton>
      </Form>
      {resident.hasPin ? (
        <Form method="post" className="mb-6">
          <input type="hidden" name="intent" value="remove-pin" />
          <p className="mb-2 text-base">{t("kiosk.hasPin", { name })}</p>
          <SubmitButton className="btn-secondary" pendingText={t("kiosk.removing")}>
            {t("kiosk.removePin")}
          </SubmitButton>
        </Form>
      ) : null}
      <section aria-labelledby="kiosk-card-title" className="border-t-2 border-stone-200 pt-4">
        <h3 id="kiosk-card-title" className="mb-2 text-xl font-bold">
          {t("kiosk.card")}
        </h3>
        {result?.card ? (
          <div data-testid="kiosk-card" className="mb-4 rounded-xl border-2 border-stone-400 p-4">
            <p className="mb-2 text-2xl font-bold">{resident.name}</p>
            <div
              className="h-40 w-40"
              role="img"
              aria-label={t("kiosk.cardQr", { name })}
              dangerouslySetInnerHTML={{ __html: result.card.qrSvg }}
            />
            <p className="mt-2 text-base">{t("kiosk.cardHowTo")}</p>
            <p className="break-all font-mono text-sm">{result.card.url}</p>
          </div>
        ) : (
          <p className="mb-3 text-base">
            {resident.hasCard ? t("kiosk.hasCard", { name }) : t("kiosk.cardWhat", { name })}
          </p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="card" />
          <SubmitButton className="btn-secondary" pendingText={t("kiosk.makingCard")}>
            {resident.hasCard || result?.card ? t("kiosk.newCard") : t("kiosk.makeCard")}
          </SubmitButton>
        </Form>
      </section>
    </RouteDialog>
  );
}
