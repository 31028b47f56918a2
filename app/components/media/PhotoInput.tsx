// A photo field for forms that send the file with the form (Share Photo, a resident's photo, the
// record wizard's image). Without JavaScript a plain file input; the server answers a photo over
// the limit with its size and keeps what was typed. With JavaScript a photo over the limit is made
// smaller in the browser first, shown, and the form sends the smaller copy.
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { photoTooLargeMessage } from "~/utils/media-limits";
import { useT } from "~/utils/i18n";
import { preparePhoto, replaceChosenFile, shrunkNote } from "./shrink-photo";

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
    setWorking(true);
    const prepared = await preparePhoto(file);
    setWorking(false);
    if (el.files?.[0] !== file) return; // chosen again meanwhile
    if (!prepared.ok) {
      el.value = "";
      return report(
        prepared.reason === "not-an-image"
          ? t("media.notAnImage")
          : photoTooLargeMessage(prepared.bytes, t),
      );
    }
    if (prepared.shrunk) {
      if (!replaceChosenFile(el, prepared.file)) {
        el.value = "";
        return report(photoTooLargeMessage(prepared.fromBytes, t));
      }
      setNote(shrunkNote(prepared.fromBytes, prepared.file, t));
    }
    setPreview(URL.createObjectURL(prepared.file));
  }

  return (
    <>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        className={className}
        onChange={onChange}
        {...rest}
      />
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
