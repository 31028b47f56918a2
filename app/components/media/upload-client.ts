// The product's upload flow in the browser, in three calls: POST /api/objects/upload ->
// { uploadURL }, PUT the raw file there, PUT /api/story-images { imageUrl } -> { objectPath }.
// Each step fails with its own fixed message.
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export class UploadFailure extends Error {
  constructor(
    message:
      "Failed to get upload URL" | "Failed to upload file" | "Failed to set image permissions",
    // the server refused the file itself (too large, not an image), with its fixed message
    public refused: { title: string; description: string } | null = null,
  ) {
    super(message);
  }
}

function refusal(status: number, body: string): { title: string; description: string } | null {
  if (status !== 413 && status !== 415) return null;
  const [title, description] = body.split(": ");
  return title && description ? { title, description } : null;
}

export async function uploadImage(file: File): Promise<string> {
  const json = { "Content-Type": "application/json" };
  let uploadURL: string;
  try {
    const res = await fetch("/api/objects/upload", {
      method: "POST",
      headers: json,
      body: "{}",
      credentials: "same-origin",
    });
    if (!res.ok) throw new Error(String(res.status));
    uploadURL = ((await res.json()) as { uploadURL: string }).uploadURL;
  } catch {
    throw new UploadFailure("Failed to get upload URL");
  }
  let put: Response;
  try {
    put = await fetch(uploadURL, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": file.type || "application/octet-stream" },
      credentials: "same-origin",
    });
  } catch {
    throw new UploadFailure("Failed to upload file");
  }
  if (!put.ok)
    throw new UploadFailure(
      "Failed to upload file",
      refusal(put.status, await put.text().catch(() => "")),
    );
  try {
    const res = await fetch("/api/story-images", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ imageUrl: uploadURL }),
      credentials: "same-origin",
    });
    if (!res.ok) throw new Error(String(res.status));
    return ((await res.json()) as { objectPath: string }).objectPath;
  } catch {
    throw new UploadFailure("Failed to set image permissions");
  }
}
