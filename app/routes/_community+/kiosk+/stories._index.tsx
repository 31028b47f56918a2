// "Listen to my stories": her own stories, newest first, each opening on its own page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listStoriesOfResident } from "~/models/story.server";
import { categoryIcon, categoryLabel } from "~/models/categories";
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
      isPublished: s.isPublished,
      reviewStatus: s.reviewStatus,
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
                  {categoryLabel(s.category)} ·{" "}
                  {s.reviewStatus === "rejected"
                    ? "Not approved"
                    : s.isPublished
                      ? "Your family can read it"
                      : "Waiting to be read by an administrator"}
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
