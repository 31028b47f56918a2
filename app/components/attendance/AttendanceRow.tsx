// One resident's line of an attendance form: one tap each for Attended, Declined, One-to-one or
// Asleep/unwell, and the details (engagement, mood, a note) folded away. The care team's
// occurrence page and the kiosk's staff mode draw the same line; plain radios, so it works the
// same with JavaScript on and off.
import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

const TAPS = ["attended", "declined", "one_to_one", "unwell"] as const;
const ENGAGEMENTS = ["active", "passive", "none"] as const;
const MOOD_CHOICES = ["happy", "calm", "anxious", "sad", "agitated"] as const;

/** A radio drawn as a big toggle button: the label is the target, the tick says it is chosen. */
function Toggle({
  name,
  value,
  label,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="inline-flex cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="peer sr-only"
      />
      <span className="inline-flex min-h-target min-w-[8.5rem] items-center justify-center rounded-control border-2 border-brand-700 bg-white px-4 text-lg font-bold text-brand-800 hover:bg-brand-50 peer-checked:bg-brand-700 peer-checked:text-white peer-checked:before:mr-1 peer-checked:before:content-['✓'] peer-checked:hover:bg-brand-800 peer-focus-visible:outline peer-focus-visible:outline-4 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
        {label}
      </span>
    </label>
  );
}

/** A plain radio with its label: the details' choices, light on a page of a hundred residents. */
function Choice({
  name,
  value,
  label,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="inline-flex min-h-target cursor-pointer items-center gap-2 pr-3 text-base">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="h-6 w-6"
      />
      {label}
    </label>
  );
}

export type AttendanceRowResident = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
};

export type AttendanceRowMark = {
  status: string;
  engagement: string | null;
  mood: string | null;
  note: string | null;
};

export function AttendanceRow({
  resident: r,
  mark,
  sent,
  hasError,
  errorId,
  badge,
  canClear = true,
}: {
  resident: AttendanceRowResident;
  mark: AttendanceRowMark | undefined;
  /** what the form sent, shown again after a refusal */
  sent: { status?: string; engagement?: string; mood?: string; note?: string } | undefined;
  hasError: boolean;
  /** the id of the refusal's message, which the line points at when it is about this resident */
  errorId: string;
  badge?: ReactNode;
  canClear?: boolean;
}) {
  const t = useT("attendance");
  const status = sent?.status ?? mark?.status ?? "";
  const engagement = sent?.engagement ?? mark?.engagement ?? "";
  const mood = sent?.mood ?? mark?.mood ?? "";
  const note = sent?.note ?? mark?.note ?? "";
  const legendId = `resident-${r.id}`;
  return (
    <li>
      <fieldset
        className={`card !p-3 sm:!p-4 ${hasError ? "border-2 border-red-700" : ""}`}
        data-testid="attendance-row"
        aria-describedby={hasError ? errorId : undefined}
      >
        <legend id={legendId} className="sr-only">
          {r.roomNumber
            ? t("list.legendRoom", {
                name: `${r.firstName} ${r.lastName}`,
                room: r.roomNumber,
              })
            : `${r.firstName} ${r.lastName}`}
        </legend>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="min-w-[12rem] flex-1 text-lg" aria-hidden="true">
            <span className="font-bold">
              {r.firstName} {r.lastName}
            </span>
            {r.roomNumber ? (
              <span className="ml-2 text-stone-700">{t("list.room", { room: r.roomNumber })}</span>
            ) : null}
          </p>
          {badge}
          <div className="flex flex-wrap gap-2">
            {TAPS.map((s) => (
              <Toggle
                key={s}
                name={`status.${r.id}`}
                value={s}
                label={t(`status.${s}`)}
                defaultChecked={status === s}
              />
            ))}
            {status === "absent" ? (
              <Toggle
                name={`status.${r.id}`}
                value="absent"
                label={t("status.absent")}
                defaultChecked
              />
            ) : null}
          </div>
        </div>
        <details className="mt-2" open={hasError || undefined}>
          <summary className="inline-flex min-h-target cursor-pointer items-center font-bold text-brand-800 underline">
            {t("details.summary")}
            {mark?.note || mark?.mood || mark?.engagement ? (
              <span className="ml-2 font-normal no-underline">{t("details.hasDetails")}</span>
            ) : null}
          </summary>
          <div className="mt-2 space-y-3">
            <ChoiceGroup
              legend={t("details.engagement")}
              name={`engagement.${r.id}`}
              choices={ENGAGEMENTS.map((e) => ({ value: e, label: t(`engagement.${e}`) }))}
              value={engagement}
            />
            <ChoiceGroup
              legend={t("details.mood")}
              name={`mood.${r.id}`}
              choices={MOOD_CHOICES.map((m) => ({ value: m, label: t(`mood.${m}`) }))}
              value={mood}
            />
            <div>
              <label htmlFor={`note-${r.id}`} className="label">
                {t("details.note")}
              </label>
              <textarea
                id={`note-${r.id}`}
                name={`note.${r.id}`}
                defaultValue={note}
                maxLength={500}
                rows={2}
                className="input"
              />
            </div>
            {mark && canClear ? (
              <button type="submit" name="clear" value={r.id} className="btn-ghost text-red-800">
                {t("details.clear", { name: `${r.firstName} ${r.lastName}` })}
              </button>
            ) : null}
          </div>
        </details>
      </fieldset>
    </li>
  );
}

/** A detail's choices, and "Not noted" to leave it empty. */
function ChoiceGroup({
  legend,
  name,
  choices,
  value,
}: {
  legend: string;
  name: string;
  choices: { value: string; label: string }[];
  value: string;
}) {
  const t = useT("attendance");
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <Choice
            key={c.value}
            name={name}
            value={c.value}
            label={c.label}
            defaultChecked={value === c.value}
          />
        ))}
        <Choice name={name} value="" label={t("details.notNoted")} defaultChecked={!value} />
      </div>
    </fieldset>
  );
}
