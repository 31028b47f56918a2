// In the browser: a phone camera's photo (8-20 MB) is made smaller before it is sent, at most
// 2,048 px on its longer side, as a JPEG without its metadata (turned upright first). No package:
// createImageBitmap and a canvas. installPhotoShrinker runs as a small inline script placed just
// before the photo field, so it listens before the field can be tapped (on a slow link a field
// is shown as soon as its own bytes are in, and a script after it may come a second later), long
// before the app's own scripts arrive; a photo chosen before it ran is taken up when it runs.
// After a client-side navigation an effect calls it instead. A file it cannot draw (HEIC in most
// browsers) goes as chosen: the server makes it smaller.
//
// For each `input[type=file][data-shrink-photo]`: while a photo is being made smaller the input has
// `data-shrinking` and its `shrinking` property is a promise of { from, to } sizes (null: sent as
// chosen); a form sent meanwhile waits for it. The field's `<id>-shrinking` element shows the attribute's text.
import { useEffect } from "react";
import { megabyteCount, megabytes, PHOTO_MAX_EDGE } from "~/utils/media-limits";
import type { T } from "~/utils/i18n";
import { useNonce } from "~/utils/nonce";

// a photo this heavy or heavier is made smaller before sending
const SHRINK_OVER_BYTES = 1.5 * 1024 * 1024;

type Shrunk = { from: number; to: number } | null;
type ShrinkingInput = HTMLInputElement & { shrinking?: Promise<Shrunk> };

/**
 * Listens, once per page, for photos chosen in marked file inputs and for forms sent while one is
 * being made smaller. Self-contained: its source is the inline script.
 */
export function installPhotoShrinker(maxEdge: number, overBytes: number): void {
  const w = window as unknown as { __photoShrinker?: boolean };
  if (w.__photoShrinker) return;
  w.__photoShrinker = true;
  function smaller(file: File): Promise<File | null> {
    return createImageBitmap(file, { imageOrientation: "from-image" })
      .then(function (bitmap) {
        const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
        const canvas = document.createElement("canvas");
        canvas.width = Math.max(1, Math.round(bitmap.width * scale));
        canvas.height = Math.max(1, Math.round(bitmap.height * scale));
        canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        const encode = function (quality: number) {
          return new Promise<Blob | null>(function (resolve) {
            canvas.toBlob(resolve, "image/jpeg", quality);
          });
        };
        // a very detailed photo (grain, foliage; a square one) is encoded again, lighter: what is
        // sent stays within about 2 MB, a minute on a slow phone link
        return encode(0.85).then(function (blob) {
          return blob && blob.size > overBytes * 1.2 ? encode(0.7) : blob;
        });
      })
      .then(function (blob) {
        if (!blob || blob.size >= file.size) return null;
        const name = (file.name.replace(/\.[^.]*$/, "") || "photo") + ".jpg";
        return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
      })
      .catch(function () {
        return null;
      });
  }
  function start(input: ShrinkingInput) {
    const file = input.files && input.files[0];
    if (!file || file.size < overBytes) {
      input.shrinking = Promise.resolve(null);
      return;
    }
    const status = document.getElementById(input.id + "-shrinking");
    if (status) status.textContent = input.getAttribute("data-shrink-photo");
    input.setAttribute("data-shrinking", "");
    input.shrinking = smaller(file).then(function (small) {
      let result: Shrunk = null;
      if (small && input.files && input.files[0] === file) {
        try {
          const transfer = new DataTransfer();
          transfer.items.add(small);
          input.files = transfer.files;
          result = { from: file.size, to: small.size };
        } catch {
          result = null;
        }
      }
      input.removeAttribute("data-shrinking");
      // on a page without the app (no data-js), the field's own words say what was done; the
      // app's field says it itself
      const note = input.getAttribute("data-shrunk-note");
      const mb = function (bytes: number) {
        const n = bytes / (1024 * 1024);
        return String(n >= 10 ? Math.round(n) : Math.round(n * 10) / 10);
      };
      if (status)
        status.textContent =
          result && note && !document.documentElement.hasAttribute("data-js")
            ? note.replace("{from}", mb(result.from)).replace("{to}", mb(result.to))
            : "";
      return result;
    });
  }
  const FIELD = "input[type=file][data-shrink-photo]";
  document.addEventListener(
    "change",
    function (event) {
      const input = event.target as ShrinkingInput | null;
      if (input && input.matches && input.matches(FIELD)) start(input);
    },
    true,
  );
  // a photo chosen before this ran (the page still arriving, or restored by the browser)
  document.querySelectorAll<ShrinkingInput>(FIELD).forEach(function (input) {
    if (input.files && input.files.length && !input.shrinking) start(input);
  });
  document.addEventListener(
    "submit",
    function (event) {
      const form = event.target as HTMLFormElement;
      const busy = form.querySelector
        ? form.querySelector<ShrinkingInput>("input[data-shrinking]")
        : null;
      if (!busy || !busy.shrinking) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      busy.shrinking.then(function () {
        if (submitter && submitter.form === form) form.requestSubmit(submitter);
        else form.requestSubmit();
      });
    },
    true,
  );
}

/**
 * The inline script beside a photo field (ready as soon as the form is shown); with the app
 * already running, the same function is called by an effect.
 */
export function PhotoShrinkScript() {
  const nonce = useNonce();
  useEffect(() => installPhotoShrinker(PHOTO_MAX_EDGE, SHRINK_OVER_BYTES), []);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: `(${installPhotoShrinker.toString()})(${PHOTO_MAX_EDGE},${SHRINK_OVER_BYTES});`,
      }}
    />
  );
}

/** The sizes from and to once the photo shrinker made the input's photo smaller; null: as chosen. */
export async function shrinkResult(input: HTMLInputElement): Promise<Shrunk> {
  const pending = (input as ShrinkingInput).shrinking;
  return pending ? pending : null;
}

/** Said under the photo once it was made smaller; with `t` in the reader's language. */
export function shrunkNote(fromBytes: number, toBytes: number, t?: T): string {
  if (t)
    return t("story:media.shrunk", { from: megabyteCount(fromBytes), to: megabyteCount(toBytes) });
  return `We made your photo smaller to send it (${megabytes(fromBytes)} to ${megabytes(toBytes)}).`;
}
