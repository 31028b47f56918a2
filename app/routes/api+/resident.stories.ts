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

const Body = StoryFieldsSchema.extend({
  category: z
    .enum(CATEGORY_VALUES, { error: "Choose one of the story categories" })
    .nullish()
    .transform((v) => v ?? "general"),
  residentId: z.string().max(64).nullish(),
  questionId: z.string().max(64).nullish(),
  audience: z.enum(AUDIENCES, { error: "audience must be private, family or community" }).nullish(),
  residentAgreed: z.boolean({ error: "residentAgreed must be true or false" }).nullish(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, db } = await requireStoryteller(request);
  let residentId = user.residentId;
  if (user.role !== ROLE.resident) {
    residentId = new URL(request.url).searchParams.get("residentId");
    if (!residentId) return badRequest("residentId is required");
  }
  if (!residentId || !getResident(db, residentId)) return notFound("Resident not found");
  return Response.json(listStoriesOfResident(db, residentId));
}

export const policy = { body: "long text" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, db } = await requireStoryteller(request);
  const body = await readJson(request, Body);
  let residentId: string;
  if (user.role === ROLE.resident) {
    if (!user.residentId) return forbidden("Your account is not linked to a resident");
    if (body.residentId && body.residentId !== user.residentId)
      return forbidden("You can only add your own stories");
    residentId = user.residentId;
  } else {
    if (!body.residentId) return badRequest("residentId is required");
    if (!getActiveResident(db, body.residentId)) return notFound("Resident not found");
    residentId = body.residentId;
    if (body.audience && body.residentAgreed !== true)
      return badRequest(AGREED_MISSING, { residentAgreed: [AGREED_MISSING] });
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
