// Who may see a story: the resident chooses "Only me and the care team", "My family" or
// "Everyone at {community}", or withdraws the story (it leaves every audience at once). Staff and
// administrators may do it for the resident when they tick that the resident agreed. A page of its
// own (linked from the resident's dashboard and the story page); works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AudienceChoice } from "~/components/story/AudienceChoice";
import { ErrorList, SubmitButton } from "~/components/forms";
import {
  changeStoryAudience,
  getReadableStory,
  mayChangeAudience,
  type AudienceChange,
} from "~/models/story.server";
import {
  agreedText,
  audienceReasonText,
  audienceText,
  isAudience,
  type Audience,
} from "~/models/story-audience";
import { requireTenantUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "story")("audiencePage.title")) },
];

function text(status: number, body: string) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function load(request: Request, storyId: string) {
  const ctx = await requireTenantUser(request);
  const t = await getT(request, "story");
  const story = getReadableStory(ctx.db, ctx.user, storyId);
  if (!story) throw text(404, t("page.notFound"));
  const rights = mayChangeAudience(ctx.user, story);
  if (!rights.may) throw text(403, t("audiencePage.notAllowed"));
  return { ...ctx, t, story, onBehalf: rights.onBehalf };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { story, community, onBehalf, user } = await load(request, params.storyId ?? "");
  return {
    story: {
      id: story.id,
      title: story.title,
      audience: story.audience,
      withdrawn: !!story.withdrawnAt,
      isPublished: story.isPublished,
    },
    residentFirstName: story.resident.firstName,
    communityName: community.name,
    onBehalf,
    back: user.role === ROLE.resident ? "/resident" : `/stories/${story.id}`,
  };
}

type ActionResult = {
  intent: "audience" | "withdraw";
  audience: Audience | null;
  audienceError?: string;
  agreedError?: string;
};

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { story, community, db, user, t } = await load(request, params.storyId ?? "");
  const form = await request.formData();
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "audience";
  const chosen = form.get("audience");
  const audience = isAudience(chosen) ? chosen : null;
  if (intent === "audience" && !audience)
    return data<ActionResult>(
      { intent, audience, audienceError: t("audiencePage.choose") },
      { status: 400 },
    );
  const change: AudienceChange =
    intent === "withdraw" ? { withdraw: true } : { audience: audience! };
  const result = changeStoryAudience(
    db,
    community.id,
    user,
    story.id,
    change,
    form.get("residentAgreed") === "true",
  );
  if (!result.ok) {
    if (result.status === 400)
      return data<ActionResult>(
        { intent, audience, agreedError: audienceReasonText(t, result.reason) },
        { status: 400 },
      );
    throw text(result.status, audienceReasonText(t, result.reason));
  }
  const back = user.role === ROLE.resident ? "/resident" : `/stories/${story.id}`;
  // the resident reads "Your story", the care team "Margaret's story"
  const name = user.role === ROLE.resident ? null : story.resident.firstName;
  if (intent === "withdraw") {
    return redirectWithToast(back, {
      type: "success",
      title: name ? t("audiencePage.withdrawnTheirs", { name }) : t("audiencePage.withdrawnYours"),
      description: t("audiencePage.withdrawnNow"),
    });
  }
  const chosenLabel = audienceText(t, audience!, community.name);
  return redirectWithToast(back, {
    type: "success",
    title: name
      ? t("audiencePage.nowForTheirs", { name, audience: chosenLabel })
      : t("audiencePage.nowForYours", { audience: chosenLabel }),
  });
}

export default function StoryAudiencePage() {
  const { story, residentFirstName, communityName, onBehalf, back } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const t = useT("story");
  const current =
    result?.intent === "audience" && result.audience ? result.audience : story.audience;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p>
        <Link
          to={back}
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {back === "/resident" ? t("audiencePage.backToYours") : t("audiencePage.backToStory")}
        </Link>
      </p>
      <section className="card" aria-labelledby="audience-title">
        <h1 id="audience-title" className="page-title mb-2">
          {t("audiencePage.heading", { title: story.title })}
        </h1>
        <p className="mb-4 text-lg" data-testid="audience-now">
          {story.withdrawn ? (
            <>
              <strong>{t("audiencePage.withdrawn")}</strong>{" "}
              {onBehalf
                ? t("audiencePage.withdrawnOnlyTheirs", { name: residentFirstName })
                : t("audiencePage.withdrawnOnlyYou")}
            </>
          ) : (
            <>
              {t("audiencePage.now")}{" "}
              <strong>{audienceText(t, story.audience, communityName)}</strong>
              {story.isPublished ? t("audiencePage.nowEnd") : t("audiencePage.nowOnceRead")}
            </>
          )}
        </p>
        <Form method="post" aria-labelledby="audience-title">
          <AudienceChoice
            key={current}
            communityName={communityName}
            defaultValue={current}
            onBehalf={onBehalf}
            residentFirstName={residentFirstName}
            errors={
              result?.intent === "audience" && result.audienceError ? [result.audienceError] : null
            }
            agreedErrors={
              result?.intent === "audience" && result.agreedError ? [result.agreedError] : null
            }
          />
          <SubmitButton name="intent" value="audience" pendingText={t("audiencePage.saving")}>
            {t("audiencePage.save")}
          </SubmitButton>
        </Form>
      </section>
      {story.withdrawn ? null : (
        <section className="card" aria-labelledby="withdraw-title">
          <h2 id="withdraw-title" className="mb-2 text-2xl font-bold">
            {t("audiencePage.withdrawTitle")}
          </h2>
          <p className="mb-4 text-lg">
            {onBehalf
              ? t("audiencePage.withdrawExplainTheirs", { name: residentFirstName })
              : t("audiencePage.withdrawExplainYou")}
          </p>
          <Form method="post" aria-labelledby="withdraw-title">
            {onBehalf ? (
              <div className="mb-3">
                <label
                  htmlFor="withdraw-agreed"
                  className="flex min-h-target cursor-pointer items-center gap-3 text-lg font-semibold"
                >
                  <input
                    id="withdraw-agreed"
                    type="checkbox"
                    name="residentAgreed"
                    value="true"
                    className="h-6 w-6 shrink-0"
                    aria-describedby={
                      result?.intent === "withdraw" && result.agreedError
                        ? "withdraw-agreed-error"
                        : undefined
                    }
                  />
                  {agreedText(t, residentFirstName)}
                </label>
                <ErrorList
                  id="withdraw-agreed-error"
                  errors={
                    result?.intent === "withdraw" && result.agreedError
                      ? [result.agreedError]
                      : null
                  }
                />
              </div>
            ) : null}
            <SubmitButton
              name="intent"
              value="withdraw"
              className="btn-danger"
              pendingText={t("audiencePage.withdrawing")}
            >
              {t("audiencePage.withdrawTitle")}
            </SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
