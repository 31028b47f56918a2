// An optional image for a story: a plain file input that works without JavaScript (the file goes
// with the form). With JavaScript it previews the picture (at most 200 px high), checks size and
// type at once, makes a phone's large photo smaller first (and says so), uploads through the
// signed URL flow and offers Remove Image.
import { useEffect, useRef, useState } from "react";
import { ErrorList } from "~/components/forms";
import { uploadImage, UploadFailure } from "./upload-client";
import { photoTooLargeMessage } from "~/utils/media-limits";
import { preparePhoto, replaceChosenFile, shrunkNote } from "./shrink-photo";

type Existing = { url: string; alt: string };
type Problem = { title: string; description: string };

export function ImageUploadField({
  id,
  name = "image",
  label = "Story image",
  existing,
  errors,
}: {
  id: string;
  name?: string;
  label?: string;
  existing?: Existing | null;
  errors?: string[] | null;
}) {
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
    setStatus("preparing");
    const prepared = await preparePhoto(chosen);
    if (input.current?.files?.[0] !== chosen) return; // chosen again meanwhile
    if (!prepared.ok) {
      clearSelection();
      return setProblem(
        prepared.reason === "not-an-image"
          ? { title: "Invalid file type", description: "Please select an image file" }
          : { title: "File too large", description: photoTooLargeMessage(prepared.bytes) },
      );
    }
    const file = prepared.file;
    if (prepared.shrunk) {
      // the smaller copy also travels with the form if the upload below fails
      replaceChosenFile(input.current!, file);
      setNote(shrunkNote(prepared.fromBytes, file));
    }
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
        setProblem({ title: error.refused.title, description: error.refused.description });
      } else {
        // the file stays selected and travels with the form instead
        setProblem({
          title: "Upload failed",
          description: error instanceof UploadFailure ? error.message : "Failed to upload file",
        });
      }
    }
  }

  const showExisting = existing && !removeExisting && !preview;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="mb-4">
      <legend className="label">
        {label} <span className="font-normal text-stone-700">(optional)</span>
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
              Remove Image
            </button>
          ) : (
            <label className="mt-2 flex min-h-target items-center gap-2 text-base font-semibold">
              <input type="checkbox" name="removeImage" value="1" className="h-6 w-6" />
              Remove Image
            </label>
          )}
        </div>
      ) : null}
      {hydrated && removeExisting && !preview ? (
        <p className="mb-2 text-base">
          The image will be removed when you save.{" "}
          <button type="button" className="btn-ghost" onClick={() => setRemoveExisting(false)}>
            Keep the image
          </button>
        </p>
      ) : null}
      {hydrated && removeExisting ? <input type="hidden" name="removeImage" value="1" /> : null}
      {preview ? (
        <div className="mb-2">
          <img
            src={preview}
            alt="Preview of the selected image"
            className="max-h-[200px] w-auto rounded-lg border border-stone-300"
          />
          <button type="button" className="btn-secondary mt-2" onClick={clearSelection}>
            Remove Image
          </button>
        </div>
      ) : null}
      <label htmlFor={id} className="mb-1 block text-base">
        {existing ? "Choose a new picture" : "Choose a picture"}
      </label>
      <p id={hintId} className="mb-1 text-base text-stone-700">
        A photo (JPEG, PNG, WebP, GIF or HEIC), less than 5MB; a larger one from a phone is made
        smaller before it is sent. Location details are removed.
      </p>
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
      />
      {uploaded ? <input type="hidden" name="uploadedImage" value={uploaded} /> : null}
      <p aria-live="polite" className="mt-1 text-base">
        {status === "preparing"
          ? "Preparing your photo..."
          : status === "uploading"
            ? "Uploading image..."
            : status === "ready"
              ? "Image ready"
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
