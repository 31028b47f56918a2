// GET /stories/{id}/captions.vtt: the captions of a story's recording (WebVTT), for its <track>.
// The same access as the story itself: who may not read the story gets 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTenantUser } from "~/utils/auth.server";
import { getReadableStory } from "~/models/story.server";
import { storyCaptions } from "~/models/story-transcript.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireTenantUser(request);
  const story = getReadableStory(db, user, params.storyId ?? "");
  const vtt = story ? storyCaptions(db, story.id) : null;
  if (!vtt)
    return new Response("We could not find captions for that story.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(vtt, {
    headers: {
      "Content-Type": "text/vtt; charset=utf-8",
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
