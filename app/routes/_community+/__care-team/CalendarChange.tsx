// Changing one day of a repeating program, or the program from that day on, with a second step
// that asks before anything changes. Plain forms: it works the same without JavaScript.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useDateFormat } from "~/components/community-time";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import { calendarDay, clockTime } from "./Calendar";
import type { changeAction, changeLoader } from "./calendar-change.server";

function TextField({
  id,
  name,
  label,
  type,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  type: string;
  defaultValue: string;
  error?: string;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="mb-1 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="input max-w-[16rem]"
      />
    </div>
  );
}

export function ChangeOccurrenceScreen() {
  const area = useCareTeamArea();
  const cfg = AREAS[area];
  const { occurrence } = useLoaderData<typeof changeLoader>();
  const data = useActionData<typeof changeAction>();
  const t = useT("programs");
  const { lang } = useDateFormat();
  const day = calendarDay(occurrence.occurrenceDate, lang);
  const sent = data?.sent;
  const errors: Record<string, string | undefined> = data?.errors ?? {};
  const value = (intent: string, key: string, fallback: string) =>
    data?.intent === intent && sent ? (sent[key] ?? fallback) : fallback;
  return (
    <section aria-labelledby="change-title" className="max-w-3xl">
      <p className="mb-2">
        <Link to={`${cfg.calendar}?view=week&week=${occurrence.eventDate}`} className="link">
          {t("change.back")}
        </Link>
      </p>
      <h2 id="change-title" className="mb-2 text-3xl font-bold">
        {t("change.title", { title: occurrence.title, date: day })}
      </h2>
      <p className="mb-4 text-lg">
        {t("change.now", {
          date: calendarDay(occurrence.eventDate, lang),
          time: clockTime(occurrence.startTime, lang) ?? "—",
        })}
      </p>
      {errors.form ? (
        <p role="alert" className="mb-4 font-semibold text-red-800">
          {errors.form}
        </p>
      ) : null}
      {data?.confirm && sent ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-title"
          className="card mb-6 border-2 border-amber-700 bg-amber-50"
          data-testid="change-confirm"
        >
          <h3 id="confirm-title" className="mb-3 text-xl font-bold">
            {t(`change.confirm.${data.intent}`, {
              date: day,
              to: sent.eventDate ? calendarDay(sent.eventDate, lang) : "",
            })}
          </h3>
          <Form method="post" className="flex flex-wrap gap-2">
            {Object.entries(sent).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <input type="hidden" name="confirm" value="yes" />
            <SubmitButton>{t("change.yes")}</SubmitButton>
            <Link to="." className="btn-secondary">
              {t("change.no")}
            </Link>
          </Form>
        </div>
      ) : null}

      <div className="card mb-6">
        <h3 className="mb-3 text-xl font-bold">{t("change.onlyThis")}</h3>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="move" />
          <TextField
            id="move-date"
            name="eventDate"
            type="date"
            label={t("change.newDate")}
            defaultValue={value("move", "eventDate", occurrence.eventDate)}
            error={data?.intent === "move" ? errors.eventDate : undefined}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              id="move-start"
              name="startTime"
              type="time"
              label={t("change.startTime")}
              defaultValue={value("move", "startTime", occurrence.startTime ?? "")}
              error={data?.intent === "move" ? errors.startTime : undefined}
            />
            <TextField
              id="move-end"
              name="endTime"
              type="time"
              label={t("change.endTime")}
              defaultValue={value("move", "endTime", occurrence.endTime ?? "")}
              error={data?.intent === "move" ? errors.endTime : undefined}
            />
          </div>
          <SubmitButton>{t("change.move")}</SubmitButton>
        </Form>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={occurrence.isActive ? "cancel" : "reinstate"} />
          <SubmitButton className="btn-secondary">
            {occurrence.isActive ? t("change.cancelThis") : t("change.reinstateThis")}
          </SubmitButton>
        </Form>
      </div>

      <div className="card mb-6">
        <h3 className="mb-3 text-xl font-bold">{t("change.fromHere", { date: day })}</h3>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="series" />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              id="series-start"
              name="startTime"
              type="time"
              label={t("change.startTime")}
              defaultValue={value("series", "startTime", occurrence.startTime ?? "")}
              error={data?.intent === "series" ? errors.startTime : undefined}
            />
            <TextField
              id="series-end"
              name="endTime"
              type="time"
              label={t("change.endTime")}
              defaultValue={value("series", "endTime", occurrence.endTime ?? "")}
              error={data?.intent === "series" ? errors.endTime : undefined}
            />
          </div>
          <TextField
            id="series-location"
            name="location"
            type="text"
            label={t("change.location")}
            defaultValue={value("series", "location", occurrence.location ?? "")}
          />
          <SubmitButton>{t("change.saveFromHere")}</SubmitButton>
        </Form>
      </div>

      <div className="card mb-6">
        <h3 className="mb-3 text-xl font-bold">{t("change.endTitle")}</h3>
        <p className="mb-3 text-base">{t("change.endDetail", { date: day })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="end" />
          <SubmitButton className="btn-secondary text-red-800">
            {t("change.endSeries", { date: day })}
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
