// On the review page of a recorded story: the words typed or corrected, or the recording
// transcribed again. Plain forms, with and without JavaScript.
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
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
        {blank ? "Words to add" : "The words of the recording"}
      </h3>
      {blank ? (
        <p className="mb-3 text-base">
          No words were heard in this recording yet. Listen and type them, or transcribe the
          recording again.
        </p>
      ) : null}
      {pending ? (
        <p className="mb-3 text-base" role="status">
          Transcribing the recording again…{" "}
          <Link to={page} className="font-semibold text-brand-800 underline" preventScrollReset>
            Check again
          </Link>
        </p>
      ) : job?.status === "failed" ? (
        <p className="mb-3 text-base text-red-900">{job.message}</p>
      ) : job?.status === "done" && !job.heardWords ? (
        <p className="mb-3 text-base">The last transcription heard no words either.</p>
      ) : null}
      <Form method="post" preventScrollReset className="mb-3">
        <input type="hidden" name="intent" value="words" />
        <label htmlFor={`words-text-${storyId}`} className="label">
          The words
        </label>
        <textarea
          id={`words-text-${storyId}`}
          name="content"
          rows={8}
          className="input mb-3"
          defaultValue={content}
        />
        <SubmitButton className="btn-primary" pendingText="Saving...">
          Save the words
        </SubmitButton>
      </Form>
      {words.canTranscribe ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="transcribe" />
          <SubmitButton className="btn-secondary" pendingText="Starting..." disabled={!!pending}>
            Transcribe the recording again
          </SubmitButton>
          {!blank ? (
            <p className="mt-1 text-base text-stone-700">
              New words replace nothing: they fill the story only while it has no words.
            </p>
          ) : null}
        </Form>
      ) : (
        <p className="text-base text-stone-700">
          Transcription is not available here ({words.unavailableReason}).
        </p>
      )}
    </section>
  );
}
