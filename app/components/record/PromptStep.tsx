import { Form, Link, useNavigation } from "@remix-run/react";
import { useT } from "~/utils/i18n";
import { WIZARD_PATH, wizardUrl, type WizardState } from "./wizard";

export type PromptView = {
  key: string;
  text: string;
  source: "bank" | "family" | "default";
  askedBy: string | null;
  /** the language of the prompt's words (null: a family member's own words) */
  lang?: string | null;
};

export function PromptCard({ prompt }: { prompt: PromptView }) {
  const t = useT("record");
  return (
    <figure className="mb-6 rounded-xl border-l-8 border-brand-700 bg-brand-50 p-5">
      {prompt.askedBy ? (
        <figcaption
          className="mb-2 text-lg font-semibold text-brand-900"
          data-testid="prompt-asked-by"
        >
          {t("prompt.asked", { name: prompt.askedBy })}
        </figcaption>
      ) : null}
      <blockquote
        className="text-2xl font-semibold leading-snug text-ink"
        data-testid="story-prompt"
        lang={prompt.lang ?? undefined}
      >
        {prompt.text}
      </blockquote>
    </figure>
  );
}

/** Step 2: a prompt for the category, another one on request, then on to recording. */
export function PromptStep({
  state,
  prompt,
  categoryLabel,
  countdown = false,
}: {
  state: WizardState;
  prompt: PromptView;
  categoryLabel: string;
  /** a "Time left" countdown runs above (the kiosk): say how it waits instead of "no hurry" */
  countdown?: boolean;
}) {
  const t = useT("record");
  const navigation = useNavigation();
  const next = navigation.location ? new URLSearchParams(navigation.location.search) : null;
  const generating =
    navigation.state !== "idle" && next?.get("step") === "prompt" && !next.get("prompt");
  return (
    <section aria-labelledby="prompt-title">
      <h2 id="prompt-title" className="mb-4 text-2xl font-bold">
        {t("prompt.title")}
      </h2>
      {generating ? (
        <p className="mb-6 flex items-center gap-3 text-xl" role="status">
          <span
            aria-hidden="true"
            className="inline-block h-6 w-6 animate-spin rounded-full border-4 border-brand-700 border-t-transparent"
          />
          {t("prompt.generating")}
        </p>
      ) : (
        <PromptCard prompt={prompt} />
      )}
      {prompt.source === "family" && !generating ? (
        <p className="-mt-3 mb-6 text-lg" data-testid="family-question-note">
          {t("prompt.familyNote", { category: categoryLabel })}{" "}
          <Link
            to={wizardUrl(
              "prompt",
              { ...state, prompt: null },
              { current: prompt.key, from: "bank" },
            )}
            className="font-semibold text-brand-800 underline"
          >
            {t("prompt.useBank", { category: categoryLabel })}
          </Link>
        </p>
      ) : null}
      <p className="mb-6 text-lg text-stone-800" data-testid="prompt-take-time">
        {t(countdown ? "prompt.takeTimeCountdown" : "prompt.takeTime")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={wizardUrl("category", state)} className="btn-secondary">
          {t("changeCategory")}
        </Link>
        <Form method="get" action={state.path ?? WIZARD_PATH}>
          {state.resident ? <input type="hidden" name="resident" value={state.resident} /> : null}
          <input type="hidden" name="step" value="prompt" />
          <input type="hidden" name="category" value={state.category ?? ""} />
          <input type="hidden" name="current" value={prompt.key} />
          <button type="submit" className="btn-secondary" disabled={generating}>
            {t("prompt.new")}
          </button>
        </Form>
        <Link to={wizardUrl("record", state)} className="btn-primary">
          {t("prompt.startRecording")}
        </Link>
      </div>
    </section>
  );
}
