// POST /api/circles `{ theme, decade?, category?, topic?, residentIds, occurrence? }` starts a story
// circle (theme: "decade" | "category" | "topic", with its value; occurrence: `{ eventId,
// occurrenceDate }`), answering 201 with the circle; GET lists the recent ones. Care team only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  CircleError,
  checkTheme,
  createCircle,
  listCircles,
  themeOf,
  themeText,
} from "~/models/circle.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireCareTeam } from "~/utils/permissions.server";
import { circleJson, refusal } from "./__circles.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const lang = await requestLanguage(request);
  return Response.json({
    circles: listCircles(db).map((c) => ({
      id: c.id,
      status: c.status,
      theme: themeText(themeOf(c), lang),
      createdAt: c.createdAt,
    })),
  });
}

export const policy = { body: "long text" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const t = await getT(request, "circles");
  const lang = await requestLanguage(request);
  let body: Record<string, unknown>;
  try {
    const raw: unknown = await request.json();
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("not an object");
    body = raw as Record<string, unknown>;
  } catch {
    return refusal(400, t("api.json"));
  }
  try {
    const kind = body.theme;
    const theme = checkTheme(
      kind,
      kind === "decade" ? body.decade : kind === "category" ? body.category : body.topic,
    );
    const o = body.occurrence as { eventId?: unknown; occurrenceDate?: unknown } | null | undefined;
    const circle = createCircle(
      db,
      community,
      {
        theme,
        residentIds: body.residentIds,
        occurrence:
          o && typeof o === "object"
            ? { eventId: String(o.eventId ?? ""), date: String(o.occurrenceDate ?? "") }
            : null,
        songId: typeof body.songId === "string" ? body.songId : null,
        lang,
      },
      { id: user.id, username: user.username, displayName: user.displayName },
    );
    return Response.json(circleJson(db, circle.id, lang), { status: 201 });
  } catch (e) {
    if (e instanceof CircleError) return refusal(400, translateMessage(t, e.message));
    throw e;
  }
}
