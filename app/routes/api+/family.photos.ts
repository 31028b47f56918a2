// POST /api/family/photos (multipart: photo, description): a family member shares a photo with
// their resident. GET: the photos shared with that resident.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireFamilyMember } from "~/utils/permissions.server";
import { badRequest, methodNotAllowed, tooManyRequests } from "~/utils/api.server";
import { fileBytes, readUploadForm } from "~/utils/upload-form.server";
import { IMAGE_ERRORS, MediaError } from "~/models/media.server";
import { translateMessage } from "~/utils/i18n";
import {
  listPhotosForResident,
  PHOTO_REQUIRED,
  shareFamilyPhoto,
} from "~/models/family-photo.server";
import { PhotoDescriptionSchema } from "~/models/family-form.server";
import { PersonLimitError } from "~/models/person-limits.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, mediaErrorText, personLimitText } from "./__messages.server";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, resident } = await requireFamilyMember(request);
  return Response.json(listPhotosForResident(db, resident.id));
}

export const policy = { body: "photo", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, community, db, member } = await requireFamilyMember(request);
  const t = await apiT(request);
  try {
    const { form, tooLarge } = await readUploadForm(request);
    if (tooLarge.size) return text(413, t("tooLarge.photo"));
    const bytes = await fileBytes(form.get("photo"));
    if (!bytes || bytes.length === 0) return badRequest(translateMessage(t, PHOTO_REQUIRED));
    const described = PhotoDescriptionSchema.safeParse({
      description: form.get("description") ?? undefined,
    });
    if (!described.success)
      return badRequest(translateMessage(t, described.error.issues[0]!.message));
    const photo = await shareFamilyPhoto(db, community, {
      member,
      bytes,
      description: described.data.description,
      actor: user,
    });
    return Response.json(photo, { status: 201 });
  } catch (error) {
    if (error instanceof PersonLimitError)
      return tooManyRequests(personLimitText(t, error), error.retryAfterSeconds);
    if (error instanceof MediaError)
      return text(
        error.title === IMAGE_ERRORS.tooLarge.title ? 413 : 415,
        mediaErrorText(t, error),
      );
    throw error;
  }
}
