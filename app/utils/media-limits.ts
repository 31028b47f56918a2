// The size limits of uploads and the fixed messages when a file is refused: read by the request
// readers here in app/utils (before a body is parsed) and by the media model (after).
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MAX_AUDIO_BYTES = 40 * 1024 * 1024;

/**
 * How much of a form with a photo the server reads to the end so that it can answer the form again
 * with everything typed kept (a phone camera's 8-20 MB photo). Past it the form is refused.
 */
export const PHOTO_FORM_HARD_CAP = 64 * 1024 * 1024;

/** "21 MB", "5.3 MB": a file's real size as a person reads it. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/** The message beside a photo over the limit, with its real size; what was typed is kept. */
export function photoTooLargeMessage(bytes: number): string {
  return `This photo is too large (${megabytes(bytes)}): choose one under ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
}

export const IMAGE_ERRORS = {
  tooLarge: { title: "File too large", description: "File size must be less than 5MB" },
  wrongType: { title: "Invalid file type", description: "Please select an image file" },
  /** an image whose bytes end early or do not decode: choosing it again cannot help */
  damaged: {
    title: "Damaged picture",
    description: "This picture file is incomplete or damaged: choose another.",
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
