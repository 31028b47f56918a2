// On the review page of a recorded story: the words typed or corrected, or the recording
// transcribed again. Plain forms, with and without JavaScript.
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import type { StoryWordsState } from "~/routes/_community+/admin+/story-words.server";

export function StoryWords({
  storyId,
  content,
  words,
  page,
}: {
  storyId: string;
  content: string;
  words: StoryWordsState;
  page: string;
}) {
  const t = useT("care-content");
  const blank = !content.trim();
  const job = words.job;
  const pending = job && (job.status === "queued" || job.status === "running");
  return (
    <section
      className="mb-6 rounded-lg border-2 border-stone-300 p-4"
      aria-labelledby={`words-${storyId}`}
      data-testid="story-words"
    >
      <h3 id={`words-${storyId}`} className="mb-2 text-xl font-bold">
        {blank ? t("words.toAdd") : t("words.ofRecording")}
      </h3>
      {blank ? <p className="mb-3 text-base">{t("words.noneHeard")}</p> : null}
      {pending ? (
        <p className="mb-3 text-base" role="status">
          {t("words.transcribing")}{" "}
          <Link to={page} className="font-semibold text-brand-800 underline" preventScrollReset>
            {t("words.checkAgain")}
          </Link>
        </p>
      ) : job?.status === "failed" ? (
        <p className="mb-3 text-base text-red-900">{job.message}</p>
      ) : job?.status === "done" && !job.heardWords ? (
        <p className="mb-3 text-base">{t("words.heardNone")}</p>
      ) : null}
      <Form method="post" preventScrollReset className="mb-3">
        <input type="hidden" name="intent" value="words" />
        <label htmlFor={`words-text-${storyId}`} className="label">
          {t("words.label")}
        </label>
        <textarea
          id={`words-text-${storyId}`}
          name="content"
          rows={8}
          className="input mb-3"
          defaultValue={content}
        />
        <SubmitButton className="btn-primary" pendingText={t("saving")}>
          {t("words.save")}
        </SubmitButton>
      </Form>
      {words.canTranscribe ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="transcribe" />
          <SubmitButton
            className="btn-secondary"
            pendingText={t("words.starting")}
            disabled={!!pending}
          >
            {t("words.transcribe")}
          </SubmitButton>
          {!blank ? (
            <p className="mt-1 text-base text-stone-700">{t("words.replaceNothing")}</p>
          ) : null}
        </Form>
      ) : (
        <p className="text-base text-stone-700">
          {t("words.unavailable", { reason: words.unavailableReason })}
        </p>
      )}
    </section>
  );
}
