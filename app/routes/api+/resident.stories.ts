// GET /api/resident/stories: the signed-in resident's own stories, any review state (staff and
// administrators pass ?residentId=). POST { title, content, category, audience? }: a typed story,
// sent for review; `audience` is private, family (the default) or community, and staff choosing it
// for a resident also send `residentAgreed: true`.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { forbidden } from "~/utils/auth.server";
import { badRequest, methodNotAllowed, notFound, readJson } from "~/utils/api.server";
import { getActiveResident, getResident } from "~/models/resident.server";
import { getStoryView, listStoriesOfResident } from "~/models/story.server";
import { writeResidentStory } from "~/models/resident-story.server";
import { StoryFieldsSchema } from "~/models/story-form.server";
import { CATEGORY_VALUES } from "~/models/categories";
import { AGREED_MISSING, AUDIENCES } from "~/models/story-audience";
import { requireStoryteller } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { msg } from "~/utils/i18n";
import { apiT, reasonText } from "./__messages.server";

const Body = StoryFieldsSchema.extend({
  category: z
    .enum(CATEGORY_VALUES, { error: msg("api:category.choose") })
    .nullish()
    .transform((v) => v ?? "general"),
  residentId: z.string().max(64).nullish(),
  questionId: z.string().max(64).nullish(),
  audience: z.enum(AUDIENCES, { error: msg("api:audience.invalid") }).nullish(),
  residentAgreed: z.boolean({ error: msg("api:residentAgreed.invalid") }).nullish(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, db } = await requireStoryteller(request);
  const t = await apiT(request);
  let residentId = user.residentId;
  if (user.role !== ROLE.resident) {
    residentId = new URL(request.url).searchParams.get("residentId");
    if (!residentId) return badRequest(t("resident.idRequired"));
  }
  if (!residentId || !getResident(db, residentId)) return notFound(t("resident.notFound"));
  return Response.json(listStoriesOfResident(db, residentId));
}

export const policy = { body: "long text" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, db } = await requireStoryteller(request);
  const body = await readJson(request, Body);
  const t = await apiT(request);
  let residentId: string;
  if (user.role === ROLE.resident) {
    if (!user.residentId) return forbidden(t("resident.notLinked"));
    if (body.residentId && body.residentId !== user.residentId)
      return forbidden(t("story.ownOnly"));
    residentId = user.residentId;
  } else {
    if (!body.residentId) return badRequest(t("resident.idRequired"));
    if (!getActiveResident(db, body.residentId)) return notFound(t("resident.notFound"));
    residentId = body.residentId;
    if (body.audience && body.residentAgreed !== true) {
      const agreed = reasonText(t, AGREED_MISSING);
      return badRequest(agreed, { residentAgreed: [agreed] });
    }
  }
  const story = writeResidentStory(db, {
    residentId,
    author: user,
    fields: body,
    questionId: body.questionId,
    audience: body.audience,
  });
  return Response.json(getStoryView(db, story.id), { status: 201 });
}
