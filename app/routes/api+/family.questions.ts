// POST /api/family/questions { question }: a family member asks their resident a question.
// GET: the questions asked of that resident.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireFamilyMember } from "~/utils/permissions.server";
import { methodNotAllowed, readJson, tooManyRequests } from "~/utils/api.server";
import {
  askFamilyQuestion,
  forFamily,
  listQuestionsForResident,
} from "~/models/family-question.server";
import { QuestionSchema } from "~/models/family-form.server";
import { PersonLimitError } from "~/models/person-limits.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, personLimitText } from "./__messages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, resident } = await requireFamilyMember(request);
  return Response.json(listQuestionsForResident(db, resident.id).map(forFamily));
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, db, member } = await requireFamilyMember(request);
  const { question } = await readJson(request, QuestionSchema);
  try {
    return Response.json(askFamilyQuestion(db, { member, question, actor: user }), { status: 201 });
  } catch (error) {
    if (error instanceof PersonLimitError)
      return tooManyRequests(personLimitText(await apiT(request), error), error.retryAfterSeconds);
    throw error;
  }
}
