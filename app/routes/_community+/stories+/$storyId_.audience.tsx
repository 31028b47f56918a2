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
import { AGREED_LABEL, audienceLabel, isAudience, type Audience } from "~/models/story-audience";
import { requireTenantUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Who may see this story") },
];

function text(status: number, body: string) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function load(request: Request, storyId: string) {
  const ctx = await requireTenantUser(request);
  const story = getReadableStory(ctx.db, ctx.user, storyId);
  if (!story) throw text(404, "We could not find that story.");
  const rights = mayChangeAudience(ctx.user, story);
  if (!rights.may)
    throw text(
      403,
      "Only the resident, or the care team with the resident's agreement, can change who sees this story.",
    );
  return { ...ctx, story, onBehalf: rights.onBehalf };
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
  const { story, community, db, user } = await load(request, params.storyId ?? "");
  const form = await request.formData();
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "audience";
  const chosen = form.get("audience");
  const audience = isAudience(chosen) ? chosen : null;
  if (intent === "audience" && !audience)
    return data<ActionResult>(
      { intent, audience, audienceError: "Choose who may see this story" },
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
      return data<ActionResult>({ intent, audience, agreedError: result.reason }, { status: 400 });
    throw text(result.status, result.reason);
  }
  const back = user.role === ROLE.resident ? "/resident" : `/stories/${story.id}`;
  const whose = user.role === ROLE.resident ? "Your story" : `${story.resident.firstName}'s story`;
  if (intent === "withdraw") {
    return redirectWithToast(back, {
      type: "success",
      title: `${whose} was withdrawn`,
      description: "Only the resident and the care team can see it now.",
    });
  }
  return redirectWithToast(back, {
    type: "success",
    title: `${whose} is now for: ${audienceLabel(audience!, community.name)}`,
  });
}

export default function StoryAudiencePage() {
  const { story, residentFirstName, communityName, onBehalf, back } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
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
          {back === "/resident" ? "Back to your stories" : "Back to the story"}
        </Link>
      </p>
      <section className="card" aria-labelledby="audience-title">
        <h1 id="audience-title" className="page-title mb-2">
          Who may see “{story.title}”?
        </h1>
        <p className="mb-4 text-lg" data-testid="audience-now">
          {story.withdrawn ? (
            <>
              <strong>Withdrawn.</strong> Only {onBehalf ? residentFirstName : "you"} and the care
              team can see it. Choose who may see it to bring it back.
            </>
          ) : (
            <>
              Now: <strong>{audienceLabel(story.audience, communityName)}</strong>
              {story.isPublished ? "." : ", once an administrator has read it."}
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
          <SubmitButton name="intent" value="audience" pendingText="Saving...">
            Save who may see it
          </SubmitButton>
        </Form>
      </section>
      {story.withdrawn ? null : (
        <section className="card" aria-labelledby="withdraw-title">
          <h2 id="withdraw-title" className="mb-2 text-2xl font-bold">
            Withdraw this story
          </h2>
          <p className="mb-4 text-lg">
            It leaves every audience at once: nobody but {onBehalf ? residentFirstName : "you"} and
            the care team can see it. Nothing is deleted, and it can be shared again later.
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
                  {AGREED_LABEL(residentFirstName)}
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
              pendingText="Withdrawing..."
            >
              Withdraw this story
            </SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
