// The size limits of uploads and the spec's messages when a file is refused: read by the request
// readers here in app/utils (before a body is parsed) and by the media model (after).
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MAX_AUDIO_BYTES = 40 * 1024 * 1024;

export const IMAGE_ERRORS = {
  tooLarge: { title: "File too large", description: "File size must be less than 5MB" },
  wrongType: { title: "Invalid file type", description: "Please select an image file" },
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
  empty: { title: "No recording", description: "The recording is empty. Please try recording again." },
  tooLarge: { title: "File too large", description: "Recordings must be smaller than 40 MB (about 10 minutes)." },
  wrongType: { title: "Invalid file type", description: "Please choose an audio recording (WebM, Ogg, MP4/M4A, WAV or MP3)." },
} as const;
