// A photo field for forms that send the file with the form (Share Photo, a resident's photo, the
// record wizard's image, the kiosk's story). Without JavaScript a plain file input; the server
// makes a phone's photo smaller itself, and answers a refused one with what was typed kept. With
// JavaScript the inline script beside it makes a large photo smaller before it is sent (from the
// first tap, before the app's scripts arrive); once they have, the photo is shown.
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { MAX_PHOTO_UPLOAD_BYTES, photoTooLargeMessage } from "~/utils/media-limits";
import { useT } from "~/utils/i18n";
import { PhotoShrinkScript, shrinkResult, shrunkNote } from "./shrink-photo";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> & {
  id: string;
  name: string;
  /** what the preview shows, for its alt text */
  previewAlt: string;
  /** told when a problem appears or goes (the form may show it next to its own errors) */
  onProblem?: (message: string | null) => void;
  previewClassName?: string;
};

export function PhotoInput({
  id,
  name,
  previewAlt,
  onProblem,
  previewClassName,
  className,
  ...rest
}: Props) {
  // also brings the `story` catalog's media messages to the page, for the form's field errors
  const t = useT("story");
  const tp = useT("photos");
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function report(message: string | null) {
    setProblem(message);
    onProblem?.(message);
  }

  async function onChange() {
    const el = input.current;
    const file = el?.files?.[0];
    setNote(null);
    report(null);
    setPreview(null);
    if (!el || !file) return;
    if (file.type && !file.type.startsWith("image/")) {
      el.value = "";
      return report(t("media.notAnImage"));
    }
    setWorking(true);
    const shrunk = await shrinkResult(el);
    setWorking(false);
    const sent = el.files?.[0];
    if (!sent || (sent !== file && !shrunk)) return; // chosen again meanwhile
    if (sent.size > MAX_PHOTO_UPLOAD_BYTES) {
      el.value = "";
      return report(photoTooLargeMessage(sent.size, t));
    }
    if (shrunk) setNote(shrunkNote(shrunk.from, shrunk.to, t));
    setPreview(URL.createObjectURL(sent));
  }

  return (
    <>
      {/* before the field: listening before the field can be tapped */}
      <PhotoShrinkScript />
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        className={className}
        onChange={onChange}
        data-shrink-photo={tp("shrinking")}
        data-shrunk-note={tp("shrunkNote", { from: "{from}", to: "{to}" })}
        aria-describedby={`${id}-smaller`}
        {...rest}
      />
      <p
        aria-live="polite"
        className="mt-1 text-base empty:hidden"
        id={`${id}-shrinking`}
        suppressHydrationWarning
      />
      <p id={`${id}-smaller`} className="mt-1 text-base text-stone-700">
        {tp("madeSmaller")}
      </p>
      <p aria-live="polite" className="mt-1 text-base" data-testid={`${id}-status`}>
        {working ? t("media.preparing") : note}
      </p>
      {problem ? (
        <p role="alert" className="field-error" data-testid={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
      {preview ? (
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <img
            src={preview}
            alt={previewAlt}
            className={
              previewClassName ?? "max-h-[200px] w-auto rounded-lg border border-stone-300"
            }
            data-testid={`${id}-preview`}
          />
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              if (input.current) input.current.value = "";
              setPreview(null);
              setNote(null);
            }}
          >
            {t("media.removeImage")}
          </button>
        </div>
      ) : null}
    </>
  );
}
