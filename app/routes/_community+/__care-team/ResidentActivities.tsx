// A resident's activities: her profile with the assessment date, her last 90 days of participation
// with the stories she told, and whether her family may see which activities she joined.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useDateFormat } from "~/components/community-time";
import { useT } from "~/utils/i18n";
import type {
  residentActivitiesLoader,
  ResidentActivitiesResult,
} from "./resident-activities.server";

const TEXT_FIELDS = ["interests", "enjoys", "refuses", "preferredTimes", "notes"] as const;

export function ResidentActivities() {
  const {
    resident,
    residents,
    share,
    fields: saved,
    today,
    counts,
    log,
    note,
  } = useLoaderData<typeof residentActivitiesLoader>();
  const result = useActionData<ResidentActivitiesResult>();
  const t = useT("participation");
  const { dayHeading } = useDateFormat();
  const fields = result?.fields ?? saved;
  const errors = result?.errors ?? {};
  // a refused note comes back as it was typed
  const noteError = result?.note?.quarter === note.quarter ? result.note.error : null;
  const noteBody = noteError ? result!.note!.body : note.body;
  return (
    <div className="space-y-8">
      <p>
        <Link to={residents} className="link">
          {t("page.back")}
        </Link>
      </p>
      <h2 className="page-title">{t("page.title", { name: resident.name })}</h2>

      <section aria-labelledby="counts-title" className="card">
        <h3 id="counts-title" className="mb-3 text-2xl font-bold">
          {t("counts.title")}
        </h3>
        <ul className="grid gap-3 sm:grid-cols-3">
          {counts.map((c) => (
            <li key={c.days} className="text-lg" data-testid={`counts-${c.days}`}>
              <strong>{t("counts.days", { days: c.days })}</strong>
              <br />
              {t("counts.line", {
                attended: c.attended,
                oneToOne: c.one_to_one,
                declined: c.declined,
                minutes: c.minutes,
              })}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="profile-title" className="card">
        <h3 id="profile-title" className="mb-3 text-2xl font-bold">
          {t("profile.title")}
        </h3>
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <div>
            <label htmlFor="assessedAt" className="label">
              {t("profile.assessedAt")}
            </label>
            <input
              id="assessedAt"
              name="assessedAt"
              type="date"
              max={today}
              defaultValue={fields.assessedAt}
              className="input"
              aria-invalid={errors.assessedAt ? true : undefined}
              aria-describedby={errors.assessedAt ? "assessedAt-error" : undefined}
            />
            {errors.assessedAt ? (
              <p id="assessedAt-error" className="mt-1 font-semibold text-red-800">
                {errors.assessedAt}
              </p>
            ) : null}
          </div>
          {TEXT_FIELDS.map((k) => (
            <div key={k}>
              <label htmlFor={k} className="label">
                {t(`profile.${k}`)}
              </label>
              <textarea
                id={k}
                name={k}
                rows={2}
                defaultValue={fields[k]}
                className="input"
                aria-invalid={errors[k] ? true : undefined}
                aria-describedby={errors[k] ? `${k}-error` : undefined}
              />
              {errors[k] ? (
                <p id={`${k}-error`} className="mt-1 font-semibold text-red-800">
                  {errors[k]}
                </p>
              ) : null}
            </div>
          ))}
          <fieldset>
            <legend className="label">{t("profile.groupSize")}</legend>
            <div className="flex flex-wrap gap-4">
              {(["one_to_one", "small", "large", "any"] as const).map((g) => (
                <label key={g} className="inline-flex min-h-target items-center gap-2 text-lg">
                  <input
                    type="radio"
                    name="groupSize"
                    value={g}
                    defaultChecked={fields.groupSize === g}
                    className="h-6 w-6"
                  />
                  {t(`profile.group.${g}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn-primary">
            {t("profile.save")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="share-title" className="card">
        <h3 id="share-title" className="mb-3 text-2xl font-bold">
          {t("share.title")}
        </h3>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="share" />
          <label className="inline-flex min-h-target items-center gap-3 text-lg">
            <input type="checkbox" name="share" defaultChecked={share} className="h-6 w-6" />
            {t("share.label", { name: resident.firstName })}
          </label>
          <fieldset>
            <legend className="label">{t("share.agreedBy")}</legend>
            {(["resident", "representative"] as const).map((who) => (
              <label key={who} className="mr-6 inline-flex min-h-target items-center gap-2 text-lg">
                <input
                  type="radio"
                  name="agreedBy"
                  value={who}
                  defaultChecked={who === "resident"}
                  className="h-6 w-6"
                />
                {t(`share.${who}`, { name: resident.firstName })}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn-primary">
            {t("share.save")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="note-title" className="card">
        <h3 id="note-title" className="mb-3 text-2xl font-bold">
          {t("note.title")}
        </h3>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="note-quarter" className="label">
              {t("note.quarter")}
            </label>
            <select id="note-quarter" name="quarter" defaultValue={note.quarter} className="input">
              {note.quarters.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("note.show")}
          </button>
        </Form>
        <Form method="post" className="space-y-3" key={note.quarter}>
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="quarter" value={note.quarter} />
          <label htmlFor="note-body" className="label">
            {t("note.body")}
          </label>
          <p id="note-hint" className="text-base">
            {t("note.hint")}
          </p>
          {noteError ? (
            <p id="note-error" className="font-semibold text-red-800">
              {noteError}
            </p>
          ) : null}
          <textarea
            id="note-body"
            name="body"
            rows={10}
            defaultValue={noteBody}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? "note-hint note-error" : "note-hint"}
            className="input w-full"
            data-testid="note-body"
          />
          <p className="text-base" data-testid="note-state">
            {note.signedBy && note.signedOn
              ? t("note.signed", { name: note.signedBy, date: note.signedOn })
              : t("note.unsigned")}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="sign" value="yes" className="btn-primary">
              {t("note.sign")}
            </button>
            <button type="submit" name="sign" value="no" className="btn-secondary">
              {t("note.save")}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="log-title" className="card">
        <h3 id="log-title" className="mb-3 text-2xl font-bold">
          {t("log.title")}
        </h3>
        {log.length ? (
          <ul className="space-y-3" data-testid="participation-log">
            {log.map((e) => (
              <li
                key={`${e.eventId ?? "visit"}-${e.occurrenceDate}-${e.title}`}
                className="text-lg"
              >
                <strong>{dayHeading(e.date)}</strong> · {e.title} · {t(`status.${e.status}`)}
                {e.engagement ? ` · ${t(`engagement.${e.engagement}`)}` : ""}
                {e.minutes ? ` · ${t("log.minutes", { minutes: e.minutes })}` : ""}
                {e.note ? <span className="block text-base">{e.note}</span> : null}
                {e.stories.map((s) => (
                  <span key={s.id} className="block text-base">
                    {t("log.told", { story: s.title, program: e.title })}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg">{t("log.none")}</p>
        )}
      </section>
    </div>
  );
}
