// "Listen to my stories": her own stories, newest first, each opening on its own page. Each says
// where it is (waiting for review, approved, not approved, withdrawn) and who can see it, in the
// words of the audience rule (audienceLabel); a recording without words says "Words to add".
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listStoriesOfResident } from "~/models/story.server";
import { categoryIcon, categoryLabel } from "~/models/categories";
import { audienceLabel } from "~/models/story-audience";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { StoryDate } from "~/components/resident/StoryDate";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My stories") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    stories: listStoriesOfResident(ctx.db, ctx.resident.id).map((s) => ({
      id: s.id,
      title: s.title,
      category: s.category,
      createdAt: s.createdAt,
      hasAudio: !!s.audioId,
      wordsToAdd: !!s.audioId && !s.content.trim(),
      status: s.withdrawnAt
        ? "Withdrawn"
        : s.reviewStatus === "rejected"
          ? "Not approved"
          : s.isPublished
            ? "Approved"
            : "Waiting to be read by an administrator",
      // a withdrawn story is in no audience: only she and the care team see it
      audience: s.withdrawnAt
        ? "Withdrawn: only you and the care team can see it."
        : `Who can see it: ${audienceLabel(s.audience, ctx.community.name)}`,
      helperName: s.helperName,
    })),
  };
}

export default function KioskStories() {
  const { frame, stories } = useLoaderData<typeof loader>();
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">My stories</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> Back
        </Link>
      </div>
      {stories.length ? (
        <ul className="space-y-4" data-testid="kiosk-story-list">
          {stories.map((s) => (
            <li key={s.id}>
              <Link
                to={`/kiosk/stories/${s.id}`}
                className="card kiosk-target block no-underline hover:border-brand-700"
              >
                <span className="block text-2xl font-bold text-ink">
                  <span aria-hidden="true">
                    {s.hasAudio ? "🔊 " : `${categoryIcon(s.category)} `}
                  </span>
                  {s.title}
                </span>
                <span className="block text-lg text-stone-700">
                  {categoryLabel(s.category)} · {s.status}
                  {s.wordsToAdd ? (
                    <>
                      {" · "}
                      <strong className="text-blue-900" data-testid="kiosk-words-to-add">
                        Words to add
                      </strong>
                    </>
                  ) : null}
                </span>
                <span className="block text-lg text-stone-800" data-testid="kiosk-story-who">
                  {s.audience}
                </span>
                {s.helperName ? (
                  <span className="block text-lg text-stone-700">
                    Told with help from {s.helperName}
                  </span>
                ) : null}
                <StoryDate iso={s.createdAt} />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-xl">
          You have not told any stories yet. Choose Back, then Tell a story.
        </p>
      )}
    </KioskFrame>
  );
}
