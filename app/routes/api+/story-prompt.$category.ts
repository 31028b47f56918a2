// GET /api/story-prompt/{category}: { prompt } for the resident (staff and administrators pass
// ?residentId=), avoiding prompts the resident saw recently. ?current={key} asks for another one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/api.server";
import { isCategory } from "~/models/categories";
import { nextPromptFor } from "~/models/prompt.server";
import { residentForRecording } from "~/models/recorded-story.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { promptHistoryCookie, readPromptHistory } from "~/utils/prompt-history.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireStoryteller(request);
  if (!isCategory(params.category)) return notFound("Unknown category");
  const url = new URL(request.url);
  const who = residentForRecording(db, user, url.searchParams.get("residentId"));
  if (!who.ok)
    return new Response(who.reason, {
      status: who.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { prompt, history } = nextPromptFor(db, await readPromptHistory(request), {
    residentId: who.resident.id,
    category: params.category,
    current: url.searchParams.get("current"),
  });
  return Response.json(
    { prompt: prompt.text, key: prompt.key, source: prompt.source, askedBy: prompt.askedBy },
    { headers: { "Set-Cookie": await promptHistoryCookie(history) } },
  );
}
