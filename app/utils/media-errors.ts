// The upload limit for images and the errors an upload is refused with. Here in utils (not in
// models/media.server, which re-exports them) so that the form readers in utils can use them.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
