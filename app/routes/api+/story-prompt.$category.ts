// GET /api/story-prompt/{category}: { prompt } for the resident (staff and administrators pass
// ?residentId= of a resident of their community; a resident asks for herself), avoiding prompts
// the resident saw recently. ?current={key} asks for another one. The prompt is in the
// requester's language (`lang` says which; null for a family member's words). For a resident with
// a date of birth some prompts name a decade she lived through at ten to thirty: `decade` says
// which ("1950s"); null otherwise.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/api.server";
import { isCategory } from "~/models/categories";
import { nextPromptFor } from "~/models/prompt.server";
import { residentForRecording } from "~/models/recorded-story.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { promptHistoryCookie, readPromptHistory } from "~/utils/prompt-history.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db } = await requireStoryteller(request);
  const t = await getT(request, "record");
  if (!isCategory(params.category)) return notFound(t("error.unknownCategory"));
  const url = new URL(request.url);
  const who = residentForRecording(db, user, url.searchParams.get("residentId"));
  if (!who.ok)
    return new Response(t(who.key), {
      status: who.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { prompt, history } = nextPromptFor(db, await readPromptHistory(request), {
    residentId: who.resident.id,
    category: params.category,
    current: url.searchParams.get("current"),
    lang: await requestLanguage(request),
  });
  return Response.json(
    {
      prompt: prompt.text,
      key: prompt.key,
      source: prompt.source,
      askedBy: prompt.askedBy,
      lang: prompt.lang,
      decade: prompt.decade ?? null,
    },
    { headers: { "Set-Cookie": await promptHistoryCookie(history) } },
  );
}
