// An optional image for a story: a plain file input that works without JavaScript (the file goes
// with the form). With JavaScript it previews the picture (at most 200 px high), checks size and
// type at once, makes a phone's large photo smaller first (and says so), uploads through the
// signed URL flow and offers Remove Image.
import { useEffect, useRef, useState } from "react";
import { ErrorList } from "~/components/forms";
import { uploadImage, UploadFailure } from "./upload-client";
import {
  MAX_PHOTO_UPLOAD_BYTES,
  mediaMessageText,
  photoTooLargeMessage,
} from "~/utils/media-limits";
import { useT } from "~/utils/i18n";
import { PhotoShrinkScript, shrinkResult, shrunkNote } from "./shrink-photo";

type Existing = { url: string; alt: string };
type Problem = { title: string; description: string };

// each step's fixed failure, and the `story` catalog's key that says it
const UPLOAD_FAILURES: Record<string, string> = {
  "Failed to get upload URL": "media.uploadUrlFailed",
  "Failed to upload file": "media.uploadFileFailed",
  "Failed to set image permissions": "media.uploadSetFailed",
};

export function ImageUploadField({
  id,
  name = "image",
  label,
  existing,
  errors,
}: {
  id: string;
  name?: string;
  label?: string;
  existing?: Existing | null;
  errors?: string[] | null;
}) {
  const t = useT("story");
  const tp = useT("photos");
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "preparing" | "uploading" | "ready">("idle");
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [removeExisting, setRemoveExisting] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function clearSelection() {
    if (input.current) input.current.value = "";
    setPreview(null);
    setUploaded(null);
    setNote(null);
    setStatus("idle");
  }

  async function onChange() {
    const chosen = input.current?.files?.[0];
    setProblem(null);
    setUploaded(null);
    setNote(null);
    if (!chosen) return clearSelection();
    if (chosen.type && !chosen.type.startsWith("image/")) {
      clearSelection();
      return setProblem({ title: t("media.wrongType"), description: t("media.notAnImage") });
    }
    setStatus("preparing");
    // the inline script beside the field makes a large photo smaller (the copy also travels with
    // the form if the upload below fails)
    const shrunk = input.current ? await shrinkResult(input.current) : null;
    const file = input.current?.files?.[0];
    if (!file || (file !== chosen && !shrunk)) return; // chosen again meanwhile
    if (file.size > MAX_PHOTO_UPLOAD_BYTES) {
      clearSelection();
      return setProblem({
        title: t("media.fileTooLarge"),
        description: photoTooLargeMessage(file.size, t),
      });
    }
    if (shrunk) setNote(shrunkNote(shrunk.from, shrunk.to, t));
    setPreview(URL.createObjectURL(file));
    setStatus("uploading");
    try {
      const objectPath = await uploadImage(file);
      if (input.current?.files?.[0] !== file) return; // replaced or removed meanwhile
      setUploaded(objectPath);
      setStatus("ready");
    } catch (error) {
      setStatus("idle");
      if (error instanceof UploadFailure && error.refused) {
        // the server says what is wrong with the file itself: sending it again would not help
        clearSelection();
        setProblem({
          title: mediaMessageText(t, error.refused.title),
          description: mediaMessageText(t, error.refused.description),
        });
      } else {
        // the file stays selected and travels with the form instead
        const failure = error instanceof UploadFailure ? error.message : "Failed to upload file";
        setProblem({
          title: t("media.uploadFailed"),
          description: UPLOAD_FAILURES[failure] ? t(UPLOAD_FAILURES[failure]) : failure,
        });
      }
    }
  }

  const showExisting = existing && !removeExisting && !preview;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="mb-4">
      <legend className="label">
        {label ?? t("media.storyImage")}{" "}
        <span className="font-normal text-stone-700">{t("common:optional")}</span>
      </legend>
      {showExisting ? (
        <div className="mb-2">
          <img
            src={existing.url}
            alt={existing.alt}
            className="max-h-[200px] w-auto rounded-lg border border-stone-300"
          />
          {hydrated ? (
            <button
              type="button"
              className="btn-secondary mt-2"
              onClick={() => setRemoveExisting(true)}
            >
              {t("media.removeImage")}
            </button>
          ) : (
            <label className="mt-2 flex min-h-target items-center gap-2 text-base font-semibold">
              <input type="checkbox" name="removeImage" value="1" className="h-6 w-6" />
              {t("media.removeImage")}
            </label>
          )}
        </div>
      ) : null}
      {hydrated && removeExisting && !preview ? (
        <p className="mb-2 text-base">
          {t("media.willBeRemoved")}{" "}
          <button type="button" className="btn-ghost" onClick={() => setRemoveExisting(false)}>
            {t("media.keepImage")}
          </button>
        </p>
      ) : null}
      {hydrated && removeExisting ? <input type="hidden" name="removeImage" value="1" /> : null}
      {preview ? (
        <div className="mb-2">
          <img
            src={preview}
            alt={t("media.previewAlt")}
            className="max-h-[200px] w-auto rounded-lg border border-stone-300"
          />
          <button type="button" className="btn-secondary mt-2" onClick={clearSelection}>
            {t("media.removeImage")}
          </button>
        </div>
      ) : null}
      <label htmlFor={id} className="mb-1 block text-base">
        {existing ? t("media.chooseNew") : t("media.choose")}
      </label>
      <p id={hintId} className="mb-1 text-base text-stone-700">
        {tp("hint")}
      </p>
      {/* before the field: listening before the field can be tapped */}
      <PhotoShrinkScript />
      <input
        ref={input}
        id={id}
        type="file"
        // once uploaded through the signed URL, the file no longer travels with the form
        name={uploaded ? undefined : name}
        accept="image/*"
        aria-describedby={hintId}
        className="block w-full text-base file:mr-3 file:min-h-target file:rounded-lg file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
        onChange={onChange}
        data-shrink-photo={tp("shrinking")}
        data-shrunk-note={tp("shrunkNote", { from: "{from}", to: "{to}" })}
      />
      <p
        aria-live="polite"
        className="mt-1 text-base empty:hidden"
        id={`${id}-shrinking`}
        suppressHydrationWarning
      />
      {uploaded ? <input type="hidden" name="uploadedImage" value={uploaded} /> : null}
      <p aria-live="polite" className="mt-1 text-base">
        {status === "preparing"
          ? t("media.preparing")
          : status === "uploading"
            ? t("media.uploading")
            : status === "ready"
              ? t("media.ready")
              : ""}
        {note && status !== "preparing" ? (
          <span className="block" data-testid={`${id}-shrunk`}>
            {note}
          </span>
        ) : null}
      </p>
      {problem ? (
        <div role="alert" className="field-error">
          <p className="font-bold">{problem.title}</p>
          <p>{problem.description}</p>
        </div>
      ) : null}
      <ErrorList errors={errors} />
    </fieldset>
  );
}
