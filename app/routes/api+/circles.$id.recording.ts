// POST /api/circles/{id}/recording (multipart `recording`): the circle's one recording, stored and
// queued for transcription; answers 201 with the circle. Same limits as any recording. Care team
// only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CircleError, attachRecording, getCircleRow } from "~/models/circle.server";
import { MediaError } from "~/models/media.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { postOnlyLoader } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import { apiT, mediaErrorText } from "./__messages.server";
import { circleJson, refusal } from "./__circles.server";

export const loader = ({ request }: LoaderFunctionArgs) => postOnlyLoader(request, requireCareTeam);

export const policy = { body: "recording", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  const t = await getT(request, "circles");
  if (!getCircleRow(db, params.id ?? "")) return refusal(404, t("error.notFound"));
  let bytes: Buffer | null;
  try {
    bytes = await formFileBytes((await readRecordingForm(request)).get("recording"));
  } catch (e) {
    if (e instanceof MediaError) return refusal(413, mediaErrorText(await apiT(request), e));
    return refusal(400, t("api.multipart"));
  }
  if (!bytes) return refusal(400, t("error.recordingMissing"));
  try {
    await attachRecording(db, community, params.id!, bytes, user);
  } catch (e) {
    if (e instanceof MediaError) return refusal(415, mediaErrorText(await apiT(request), e));
    if (e instanceof CircleError) return refusal(400, translateMessage(t, e.message));
    throw e;
  }
  return Response.json(circleJson(db, params.id!, await requestLanguage(request)), {
    status: 201,
  });
}
