import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CommentSchema } from "~/models/comment-form.server";
import { addComment, CommentAccessError, listComments } from "~/models/comment.server";
import { getReadableStory } from "~/models/story.server";
import { notifyComment } from "~/models/notification-events.server";
import { PersonLimitError } from "~/models/person-limits.server";
import { requireTenantUser } from "~/utils/auth.server";
import { methodNotAllowed, notFound, readJson, tooManyRequests } from "~/utils/api.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { apiT, personLimitText, reasonText } from "./__messages.server";

/** GET /api/stories/{id}/comments: the story's comments, oldest first, for anyone who may read it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const story = getReadableStory(db, user, params.id ?? "");
  if (!story) throw notFound((await apiT(request))("story.notFound"));
  return Response.json(listComments(db, story.id));
}

/**
 * POST /api/stories/{id}/comments with JSON { content, emoji }: the signed-in family member comments
 * on a published story of their own resident (others: 403, unreadable stories: 404; past the
 * member's comment limit: 429 with Retry-After).
 */
export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
  const { user, db, community } = await requireTenantUser(request);
  const input = await readJson(request, CommentSchema);
  try {
    const { repeated, ...comment } = addComment(db, user, params.id ?? "", input);
    // the same words sent again within a minute: the comment already made, nothing new
    if (repeated) return Response.json(comment, { status: 200 });
    notifyComment(db, community, comment.storyId, comment, {
      id: user.id,
      displayName: comment.familyMember.name,
    });
    return Response.json(comment, { status: 201 });
  } catch (error) {
    if (error instanceof PersonLimitError)
      return tooManyRequests(personLimitText(await apiT(request), error), error.retryAfterSeconds);
    if (error instanceof CommentAccessError) {
      return new Response(reasonText(await apiT(request), error.message), {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
}
