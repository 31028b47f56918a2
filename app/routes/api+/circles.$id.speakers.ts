// POST /api/circles/{id}/speakers `{ residentId, atSeconds }`: the resident began to speak that
// far into the circle's recording. Answers 201 with the circle. Care team only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CircleError, getCircleRow, tapSpeaker } from "~/models/circle.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { postOnlyLoader } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { circleJson, refusal } from "./__circles.server";

export const loader = ({ request }: LoaderFunctionArgs) => postOnlyLoader(request, requireCareTeam);

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const t = await getT(request, "circles");
  if (!getCircleRow(db, params.id ?? "")) return refusal(404, t("error.notFound"));
  let body: { residentId?: unknown; atSeconds?: unknown };
  try {
    body = (await request.json()) as typeof body;
    if (!body || typeof body !== "object") throw new Error("not an object");
  } catch {
    return refusal(400, t("api.json"));
  }
  const seconds = typeof body.atSeconds === "number" ? body.atSeconds : Number.NaN;
  try {
    tapSpeaker(db, params.id!, { residentId: body.residentId, atMs: Math.round(seconds * 1000) });
  } catch (e) {
    if (e instanceof CircleError) return refusal(400, translateMessage(t, e.message));
    throw e;
  }
  return Response.json(circleJson(db, params.id!, await requestLanguage(request)), {
    status: 201,
  });
}
