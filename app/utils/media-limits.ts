// The size limits of uploads and the fixed messages when a file is refused: read by the request
// readers here in app/utils (before a body is parsed) and by the media model (after). The messages
// are kept in English in the data (the tests and the API's callers read them); a screen says them
// in its reader's language with mediaMessageText(t, message) or photoTooLargeMessage(bytes, t).
import { translateMessage, type T } from "~/utils/i18n";

/** The most a stored photo may weigh (after the server has made it smaller). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The most a photo may weigh as sent: a phone camera's photo, whole. The server makes it smaller
 * (PHOTO_MAX_EDGE) before the MAX_IMAGE_BYTES rule applies to what is stored.
 */
export const MAX_PHOTO_UPLOAD_BYTES = 25 * 1024 * 1024;

/** The longest side, in pixels, a photo is made smaller to (in the browser and on the server). */
export const PHOTO_MAX_EDGE = 2048;

export const MAX_AUDIO_BYTES = 40 * 1024 * 1024;

/**
 * How much of a form with a photo the server reads to the end so that it can answer the form again
 * with everything typed kept (a phone camera's 8-20 MB photo). Past it the form is refused.
 */
export const PHOTO_FORM_HARD_CAP = 64 * 1024 * 1024;

/** 21, 5.3: a file's real size in megabytes, rounded as a person reads it. */
export function megabyteCount(bytes: number): number {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10;
}

/** "21 MB", "5.3 MB": a file's real size as a person reads it (English). */
export function megabytes(bytes: number): string {
  return `${megabyteCount(bytes)} MB`;
}

const MAX_IMAGE_MB = MAX_PHOTO_UPLOAD_BYTES / (1024 * 1024);

/**
 * The message beside a photo over the limit, with its real size; what was typed is kept. With `t`
 * in its reader's language, without in English.
 */
export function photoTooLargeMessage(bytes: number, t?: T): string {
  if (t) return t("story:media.photoTooLarge", { size: megabyteCount(bytes), max: MAX_IMAGE_MB });
  return `This photo is too large (${megabytes(bytes)}): choose one under ${MAX_IMAGE_MB} MB`;
}

export const IMAGE_ERRORS = {
  /** a stored photo still over MAX_IMAGE_BYTES once made smaller */
  tooLarge: { title: "File too large", description: "File size must be less than 5MB" },
  /** a photo as sent over MAX_PHOTO_UPLOAD_BYTES: more than any phone's photo, not taken */
  uploadTooLarge: { title: "File too large", description: "File size must be less than 25MB" },
  wrongType: { title: "Invalid file type", description: "Please select an image file" },
  /** an image whose bytes end early or do not decode: choosing it again cannot help */
  damaged: {
    title: "Damaged picture",
    description: "This picture file is incomplete or damaged: choose another.",
  },
  /** a HEIC/HEIF photo (an iPhone's) where this server has no decoder for it */
  heicUnsupported: {
    title: "Photo format not supported",
    description:
      "This iPhone photo (HEIC) cannot be read here: please send it as a JPEG. On an iPhone: Settings → Camera → Formats → Most Compatible, or share the photo by email/Mail first.",
  },
  /** so long and thin that, made small enough to store, one side would all but vanish */
  oddShape: {
    title: "Unusual picture shape",
    description:
      "This picture's shape is too unusual to show (a very long, thin strip): choose another.",
  },
} as const;

export class MediaError extends Error {
  constructor(
    public title: string,
    public description: string,
  ) {
    super(`${title}: ${description}`);
  }
}

export const AUDIO_ERRORS = {
  empty: {
    title: "No recording",
    description: "The recording is empty. Please try recording again.",
  },
  tooLarge: {
    title: "File too large",
    description: "Recordings must be smaller than 40 MB (about 10 minutes).",
  },
  wrongType: {
    title: "Invalid file type",
    description: "Please choose an audio recording (WebM, Ogg, MP4/M4A, WAV or MP3).",
  },
} as const;

// each fixed message above, and the `story` catalog's key that says it
const MESSAGE_KEYS = new Map<string, string>([
  [IMAGE_ERRORS.tooLarge.title, "media.fileTooLarge"],
  [IMAGE_ERRORS.tooLarge.description, "media.imageTooLarge"],
  [IMAGE_ERRORS.uploadTooLarge.description, "photos:uploadTooLarge"],
  [IMAGE_ERRORS.wrongType.title, "media.wrongType"],
  [IMAGE_ERRORS.wrongType.description, "media.notAnImage"],
  [IMAGE_ERRORS.damaged.title, "media.damaged"],
  [IMAGE_ERRORS.damaged.description, "media.damagedDescription"],
  [IMAGE_ERRORS.oddShape.title, "media.oddShape"],
  [IMAGE_ERRORS.oddShape.description, "media.oddShapeDescription"],
  [IMAGE_ERRORS.heicUnsupported.title, "photos:heicUnsupported"],
  [IMAGE_ERRORS.heicUnsupported.description, "photos:heicUnsupportedDescription"],
  [AUDIO_ERRORS.empty.title, "media.noRecording"],
  [AUDIO_ERRORS.empty.description, "media.recordingEmpty"],
  [AUDIO_ERRORS.tooLarge.description, "media.recordingTooLarge"],
  [AUDIO_ERRORS.wrongType.description, "media.notARecording"],
]);

const PHOTO_TOO_LARGE =
  /^This photo is too large \((\d+(?:\.\d+)?) MB\): choose one under (\d+) MB$/;

/**
 * A message for the reader: one of the media messages above (a MediaError's title or description,
 * photoTooLargeMessage's English) or a catalog key (msg) in their language; other text as it is.
 */
export function mediaMessageText(t: T, message: string): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key.includes(":") ? key : `story:${key}`);
  const tooLarge = PHOTO_TOO_LARGE.exec(message);
  if (tooLarge)
    return t("story:media.photoTooLarge", { size: Number(tooLarge[1]), max: Number(tooLarge[2]) });
  return translateMessage(t, message);
}
