// GET /api/circles/{id}: a story circle with its residents, their draft stories, the speaker taps
// and the recording's transcription. POST `{ "finish": true }` finishes it (drafts and
// attendance). Care team only; another community's circle is 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CircleError, finishCircle, getCircleRow } from "~/models/circle.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { circleJson, refusal } from "./__circles.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const t = await getT(request, "circles");
  if (!getCircleRow(db, params.id ?? "")) return refusal(404, t("error.notFound"));
  return Response.json(circleJson(db, params.id!, await requestLanguage(request)));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const t = await getT(request, "circles");
  if (!getCircleRow(db, params.id ?? "")) return refusal(404, t("error.notFound"));
  try {
    await finishCircle(db, community, params.id!, {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
    });
  } catch (e) {
    if (e instanceof CircleError) return refusal(400, translateMessage(t, e.message));
    throw e;
  }
  return Response.json(circleJson(db, params.id!, await requestLanguage(request)));
}
