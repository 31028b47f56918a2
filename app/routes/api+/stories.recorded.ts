// POST /api/stories/recorded (multipart: title, content, residentId, category, aiPrompt, audio,
// duration, image, audience, residentAgreed): a story told out loud, saved with its recording and
// image, sent for review. `audience`: private, family (the default) or community; staff choosing it
// for a resident also send residentAgreed=true.
// Empty content with a recording keeps the recording as "A recording from {day}", words to add.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, postOnlyLoader, requirePost } from "~/utils/api.server";
import { MediaError } from "~/models/media.server";
import { getStoryView } from "~/models/story.server";
import { isAudience } from "~/models/story-audience";
import {
  RecordedStoryError,
  residentForRecording,
  saveRecordedStory,
} from "~/models/recorded-story.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { AUDIO_ERRORS, IMAGE_ERRORS } from "~/utils/media-limits";
import { translateMessage } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { apiT, mediaErrorText } from "./__messages.server";

function text(status: number, body: string) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const tooLarge = (error: MediaError) =>
  error.title === AUDIO_ERRORS.tooLarge.title || error.title === IMAGE_ERRORS.tooLarge.title;

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
};

export const loader = ({ request }: LoaderFunctionArgs) =>
  postOnlyLoader(request, requireStoryteller);

export const policy = { body: "recording", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { user, community, db } = await requirePost(request, requireStoryteller);
  const t = await apiT(request);
  let form: FormData;
  try {
    form = await readRecordingForm(request);
  } catch (error) {
    if (error instanceof MediaError) return text(413, mediaErrorText(t, error));
    return badRequest(t("story.multipart"));
  }
  // the product's API client sends the first resident of the list, or 'unknown'; a resident is always themselves
  const requested = field(form, "residentId");
  const who = residentForRecording(
    db,
    user,
    user.role === ROLE.resident && requested === "unknown" ? null : requested,
  );
  if (!who.ok) return text(who.status, (await getT(request, "record"))(who.key));
  const duration = Number(field(form, "duration"));
  const audience = field(form, "audience");
  if (audience !== null && audience !== "" && !isAudience(audience))
    return badRequest(t("audience.invalid"), { audience: [t("audience.invalid")] });
  try {
    const story = await saveRecordedStory(db, community, user, {
      residentId: who.resident.id,
      title: field(form, "title"),
      content: field(form, "content") ?? "",
      category: field(form, "category") ?? "general",
      aiPrompt: field(form, "aiPrompt"),
      audio: await formFileBytes(form.get("audio")).then((bytes) => (bytes ? { bytes } : null)),
      durationSeconds:
        Number.isFinite(duration) && field(form, "duration") !== null ? duration : null,
      imageBytes: await formFileBytes(form.get("image")),
      // a recording in which no words were heard is kept under a generated title, words to add
      withoutWords: true,
      audience: isAudience(audience) ? audience : null,
      onBehalf: user.role !== ROLE.resident,
      residentAgreed: field(form, "residentAgreed") === "true",
    });
    return Response.json(getStoryView(db, story.id), { status: 201 });
  } catch (error) {
    if (error instanceof RecordedStoryError) {
      const message = translateMessage(t, error.key);
      return badRequest(message, { [error.field]: [message] });
    }
    if (error instanceof MediaError)
      return text(tooLarge(error) ? 413 : 415, mediaErrorText(t, error));
    throw error;
  }
}
