// The resident's kiosk dialog: consent, PIN, sign-in card. Works without JavaScript (its own URL).
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RouteDialog } from "~/components/dialog";
import { SubmitButton } from "~/components/forms";
import type { residentKioskLoader, ResidentKioskResult } from "./resident-kiosk.server";
import { AREAS, useCareTeamArea } from "./areas";

export function ResidentKioskDialog() {
  const { resident } = useLoaderData<typeof residentKioskLoader>();
  const result = useActionData() as ResidentKioskResult | undefined;
  const cfg = AREAS[useCareTeamArea()];
  const consent = result?.consent ?? resident.consent;
  return (
    <RouteDialog
      id="resident-kiosk"
      title={`Kiosk for ${resident.name}`}
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
            {resident.name} agreed to appear on the lounge kiosks (photo and name on the kiosk's
            first screen)
          </label>
        </div>
        <label htmlFor="kiosk-pin" className="label">
          {resident.hasPin ? "New kiosk PIN" : "Kiosk PIN"}{" "}
          <span className="font-normal">
            (4 digits{resident.hasPin ? "; leave empty to keep the PIN" : ""})
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
          Choose it together. {resident.name} can change it at the kiosk. It works only on the
          kiosks, never to sign in elsewhere.
        </p>
        {result?.pinError ? (
          <p id="kiosk-pin-error" className="field-error mb-3" role="alert">
            {result.pinError}
          </p>
        ) : null}
        <SubmitButton pendingText="Saving...">Save kiosk settings</SubmitButton>
      </Form>
      {resident.hasPin ? (
        <Form method="post" className="mb-6">
          <input type="hidden" name="intent" value="remove-pin" />
          <p className="mb-2 text-base">{resident.name} has a kiosk PIN.</p>
          <SubmitButton className="btn-secondary" pendingText="Removing...">
            Remove the PIN
          </SubmitButton>
        </Form>
      ) : null}
      <section aria-labelledby="kiosk-card-title" className="border-t-2 border-stone-200 pt-4">
        <h3 id="kiosk-card-title" className="mb-2 text-xl font-bold">
          Sign-in card
        </h3>
        {result?.card ? (
          <div data-testid="kiosk-card" className="mb-4 rounded-xl border-2 border-stone-400 p-4">
            <p className="mb-2 text-2xl font-bold">{resident.name}</p>
            <div
              className="h-40 w-40"
              role="img"
              aria-label={`QR code that opens the kiosk for ${resident.name}`}
              dangerouslySetInnerHTML={{ __html: result.card.qrSvg }}
            />
            <p className="mt-2 text-base">
              Show this card to the kiosk's camera or open its link on the kiosk; then type your
              PIN.
            </p>
            <p className="break-all font-mono text-sm">{result.card.url}</p>
          </div>
        ) : (
          <p className="mb-3 text-base">
            {resident.hasCard
              ? `${resident.name} has a card. A new card replaces it: the old one stops working.`
              : `A card with a QR code opens the kiosk with ${resident.name} chosen; the PIN is still asked.`}
          </p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="card" />
          <SubmitButton className="btn-secondary" pendingText="Making a card...">
            {resident.hasCard || result?.card ? "Make a new card" : "Make a sign-in card"}
          </SubmitButton>
        </Form>
      </section>
    </RouteDialog>
  );
}
