// The form for a one-to-one visit logged without an event. Works without JavaScript: an error
// comes back with everything that was typed and a message next to its field.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import type { VisitField, visitAction, visitLoader } from "./visit.server";

export const visitMeta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "attendance")("visit.title")) },
];

const ENGAGEMENTS = ["active", "passive", "none"] as const;
const MOOD_CHOICES = ["happy", "calm", "anxious", "sad", "agitated"] as const;

function VisitField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: VisitField;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean);
  return (
    <div>
      <label htmlFor={`visit-${name}`} className="label">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mb-1 text-base text-stone-700">
          {hint}
        </p>
      ) : null}
      {children(ids.length ? ids.join(" ") : undefined)}
      {error ? (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VisitScreen() {
  const data = useLoaderData<typeof visitLoader>();
  const result = useActionData<typeof visitAction>();
  const navigation = useNavigation();
  const t = useT("attendance");
  const v = result?.values;
  const errors: Partial<Record<VisitField | "form", string>> = result?.errors ?? {};
  const invalid = (f: VisitField) => (errors[f] ? true : undefined);
  return (
    <div className="mx-auto max-w-2xl">
      <p className="mb-2">
        <Link to={`/${data.area}/today`} className="link">
          {t("back.today")}
        </Link>
      </p>
      <h1 className="page-title mb-2">{t("visit.title")}</h1>
      <p className="mb-6 text-lg text-stone-700">{t("visit.intro")}</p>
      <Form method="post" className="card space-y-5" noValidate>
        {errors.form ? (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <VisitField name="residentId" label={t("visit.resident")} error={errors.residentId}>
          {(d) => (
            <select
              id="visit-residentId"
              name="residentId"
              className="input"
              defaultValue={v?.residentId ?? data.residentId}
              aria-describedby={d}
              aria-invalid={invalid("residentId")}
            >
              <option value="">{t("signup.choosePlaceholder")}</option>
              {data.residents.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.roomNumber
                    ? t("list.legendRoom", {
                        name: `${r.firstName} ${r.lastName}`,
                        room: r.roomNumber,
                      })
                    : `${r.firstName} ${r.lastName}`}
                </option>
              ))}
            </select>
          )}
        </VisitField>
        <VisitField
          name="activity"
          label={t("visit.activity")}
          hint={t("visit.activityHint")}
          error={errors.activity}
        >
          {(d) => (
            <input
              id="visit-activity"
              name="activity"
              className="input"
              maxLength={200}
              defaultValue={v?.activity ?? ""}
              aria-describedby={d}
              aria-invalid={invalid("activity")}
            />
          )}
        </VisitField>
        <div className="grid gap-5 sm:grid-cols-2">
          <VisitField name="minutes" label={t("visit.minutes")} error={errors.minutes}>
            {(d) => (
              <input
                id="visit-minutes"
                name="minutes"
                type="number"
                inputMode="numeric"
                min={1}
                max={600}
                className="input"
                defaultValue={v?.minutes ?? ""}
                aria-describedby={d}
                aria-invalid={invalid("minutes")}
              />
            )}
          </VisitField>
          <VisitField name="date" label={t("visit.date")} error={errors.date}>
            {(d) => (
              <input
                id="visit-date"
                name="date"
                type="date"
                max={data.today}
                className="input"
                defaultValue={v?.date ?? data.today}
                aria-describedby={d}
                aria-invalid={invalid("date")}
              />
            )}
          </VisitField>
        </div>
        <fieldset>
          <legend className="label">{t("details.engagement")}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {[...ENGAGEMENTS, ""].map((e) => (
              <label
                key={e || "unset"}
                className="inline-flex min-h-target items-center gap-2 text-lg"
              >
                <input
                  type="radio"
                  name="engagement"
                  value={e}
                  defaultChecked={(v?.engagement ?? "") === e}
                  className="h-6 w-6"
                />
                {e ? t(`engagement.${e}`) : t("details.notNoted")}
              </label>
            ))}
          </div>
        </fieldset>
        <VisitField name="mood" label={t("details.mood")} error={errors.mood}>
          {(d) => (
            <select
              id="visit-mood"
              name="mood"
              className="input"
              defaultValue={v?.mood ?? ""}
              aria-describedby={d}
            >
              <option value="">{t("details.notNoted")}</option>
              {MOOD_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {t(`mood.${m}`)}
                </option>
              ))}
            </select>
          )}
        </VisitField>
        <VisitField name="note" label={t("details.note")} error={errors.note}>
          {(d) => (
            <textarea
              id="visit-note"
              name="note"
              rows={3}
              maxLength={500}
              className="input"
              defaultValue={v?.note ?? ""}
              aria-describedby={d}
            />
          )}
        </VisitField>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="btn-primary text-lg"
            disabled={navigation.state === "submitting"}
          >
            {t("visit.save")}
          </button>
          <Link to={`/${data.area}/today`} className="btn-ghost">
            {t("common:cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
