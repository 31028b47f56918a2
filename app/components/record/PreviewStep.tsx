import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { PhotoInput } from "~/components/media/PhotoInput";
import { ErrorList } from "~/components/forms";
import { useHydrated } from "~/components/hydration";
import { formatDuration, wizardUrl, type WizardState } from "./wizard";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { DEFAULT_AUDIENCE, type Audience } from "~/models/story-audience";
import { useT } from "~/utils/i18n";

/** The optional story image: a file input; with JavaScript a preview, Remove Image, and a phone's large photo made smaller. */
export function StoryImagePicker({ errors }: { errors?: string[] | null }) {
  const t = useT("record");
  return (
    <div className="mb-4">
      <label htmlFor="story-image" className="label">
        {t("image.label")}{" "}
        <span className="ml-1 font-normal text-stone-700">{t("common:optional")}</span>
      </label>
      <p id="story-image-hint" className="mb-1 text-base text-stone-700">
        {t("image.hint")}
      </p>
      <PhotoInput
        id="story-image"
        name="image"
        previewAlt={t("image.previewAlt")}
        className="input"
        aria-describedby={
          errors?.length ? "story-image-hint story-image-error" : "story-image-hint"
        }
        aria-invalid={errors?.length ? true : undefined}
      />
      <ErrorList id="story-image-error" errors={errors} />
    </div>
  );
}

export type PreviewNotice = { type: "info" | "error"; title: string; description: string } | null;
export type SaveProblem = { field: string; message: string } | null;

/** Step 4: listen, fix the transcription, add an image, save for review. */
export function PreviewStep({
  state,
  audio,
  transcription,
  categoryLabel,
  notice,
  problem,
  typed,
  audience,
  hiddenFields,
}: {
  state: WizardState;
  audio: { id: string; url: string; durationSeconds: number | null };
  transcription: string;
  categoryLabel: string;
  notice: PreviewNotice;
  problem: SaveProblem;
  /** what the resident had typed when a save was refused */
  typed: string | null;
  /** who may see the story: the resident's choice, kept when a save was refused */
  audience: {
    communityName: string;
    residentFirstName: string;
    onBehalf: boolean;
    chosen: Audience | null;
    agreed: boolean;
  };
  /** sent with the form as they are (the kiosk's turn) */
  hiddenFields?: Record<string, string>;
}) {
  const t = useT("record");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const saving = intent === "save" || intent === "save-without-words";
  const [text, setText] = useState(typed ?? transcription);
  useEffect(() => setText(typed ?? transcription), [typed, transcription]);
  const blank = !text.trim();
  const contentError =
    problem && !["image", "audience", "residentAgreed"].includes(problem.field)
      ? [problem.message]
      : null;
  // nothing was heard (or transcription is not set up): the recording can still be kept
  const offerWithoutWords = !transcription.trim() && (!hydrated || blank);

  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title" className="mb-4 text-2xl font-bold">
        {t("preview.title")}
      </h2>
      {notice ? (
        <div
          className={`mb-6 rounded-xl border-2 p-5 ${notice.type === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-blue-700 bg-blue-50 text-blue-900"}`}
          data-testid="preview-notice"
        >
          <p className="text-xl font-bold">{notice.title}</p>
          <p className="text-lg">{notice.description}</p>
        </div>
      ) : null}
      <div className="mb-6 rounded-xl border-2 border-stone-300 bg-stone-50 p-5">
        <p className="mb-2 text-lg">
          <span className="font-semibold">{t("preview.length")}</span>{" "}
          <span data-testid="preview-duration">{formatDuration(audio.durationSeconds)}</span>
        </p>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- audio only; its transcript is the story text in the form below */}
        <audio
          controls
          preload="metadata"
          src={audio.url}
          className="w-full"
          aria-label={t("preview.audio")}
          data-testid="preview-audio"
        />
      </div>
      <Form method="post" encType="multipart/form-data" aria-labelledby="preview-title">
        {state.resident ? <input type="hidden" name="resident" value={state.resident} /> : null}
        <input type="hidden" name="category" value={state.category ?? ""} />
        <input type="hidden" name="prompt" value={state.prompt ?? ""} />
        <input type="hidden" name="audioId" value={audio.id} />
        {state.job ? <input type="hidden" name="job" value={state.job} /> : null}
        {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="mb-4">
          <label htmlFor="story-category" className="label">
            {t("step.category")}
          </label>
          <p id="story-category-hint" className="mb-1 text-base text-stone-700">
            {t("preview.categoryHint")}
          </p>
          <input
            id="story-category"
            type="text"
            value={categoryLabel}
            disabled
            readOnly
            className="input bg-stone-100"
            aria-describedby="story-category-hint"
          />
        </div>
        <p className="mb-4 text-base text-stone-800">{t("preview.titleNote")}</p>
        <StoryImagePicker errors={problem?.field === "image" ? [problem.message] : null} />
        <div className="mb-4">
          <label htmlFor="story-content" className="label">
            {t("preview.story")}
          </label>
          <p id="story-content-hint" className="mb-1 text-base text-stone-700">
            {t("preview.storyHint")}
          </p>
          <textarea
            id="story-content"
            name="content"
            rows={12}
            className="input leading-relaxed"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-describedby={
              contentError ? "story-content-hint story-content-error" : "story-content-hint"
            }
            aria-invalid={contentError ? true : undefined}
          />
          <ErrorList id="story-content-error" errors={contentError} />
        </div>
        <AudienceChoice
          communityName={audience.communityName}
          defaultValue={audience.chosen ?? DEFAULT_AUDIENCE}
          onBehalf={audience.onBehalf}
          residentFirstName={audience.residentFirstName}
          agreedDefault={audience.agreed}
          agreedErrors={problem?.field === "residentAgreed" ? [problem.message] : null}
        />
        {offerWithoutWords ? (
          <div
            className="mb-6 rounded-xl border-2 border-brand-700 bg-brand-50 p-5"
            data-testid="keep-recording"
          >
            <p className="mb-3 text-lg">
              {t("preview.keptEitherWay")} <strong>{t("wordsToAdd")}</strong>.
            </p>
            <button
              type="submit"
              name="intent"
              value="save-without-words"
              className="btn-primary"
              disabled={saving}
            >
              {intent === "save-without-words" ? t("saving") : t("preview.saveWithoutWords")}
            </button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={wizardUrl("record", {
              path: state.path,
              resident: state.resident,
              category: state.category,
              prompt: state.prompt,
            })}
            className="btn-secondary"
          >
            {t("preview.recordAgain")}
          </Link>
          <Link
            to={wizardUrl(null, { path: state.path, resident: state.resident })}
            className="btn-secondary"
          >
            {t("preview.startOver")}
          </Link>
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary"
            disabled={saving || (hydrated && blank)}
            aria-describedby={hydrated && blank ? "save-story-needs-words" : undefined}
          >
            {intent === "save" ? t("saving") : t("saveStory")}
          </button>
        </div>
        {hydrated && blank ? (
          <p
            id="save-story-needs-words"
            className="mt-2 text-base text-stone-800"
            data-testid="save-needs-words"
          >
            {offerWithoutWords ? t("preview.needsWordsOrKeep") : t("preview.needsWords")}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
