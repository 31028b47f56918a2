import { useT } from "~/utils/i18n";
import { STEPS, type WizardStep } from "./wizard";

/** The four steps as numbered badges; the current one is marked for assistive technology too. */
export function StepBadges({ current }: { current: WizardStep | "saved" }) {
  // once the story is saved, every step is done
  const t = useT("record");
  const index = current === "saved" ? STEPS.length : STEPS.indexOf(current);
  return (
    <ol
      aria-label={t("steps.label")}
      className="mb-6 flex flex-wrap gap-2"
      data-testid="wizard-steps"
    >
      {STEPS.map((step, i) => {
        const state = i < index ? "done" : i === index ? "current" : "todo";
        return (
          <li
            key={step}
            aria-current={state === "current" ? "step" : undefined}
            className={`inline-flex min-h-target items-center gap-2 rounded-full border-2 px-4 text-lg font-semibold ${
              state === "current"
                ? "border-brand-700 bg-brand-700 text-white"
                : state === "done"
                  ? "border-brand-700 bg-brand-50 text-brand-900"
                  : "border-stone-400 bg-white text-stone-800"
            }`}
          >
            <span
              aria-hidden="true"
              className="inline-flex h-7 w-7 items-center justify-center rounded-full border-2 border-current text-base"
            >
              {i + 1}
            </span>
            <span>
              <span className="sr-only">{t("steps.number", { n: i + 1 })} </span>
              {t(`step.${step}`)}
              {state === "done" ? <span className="sr-only"> {t("steps.done")}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
