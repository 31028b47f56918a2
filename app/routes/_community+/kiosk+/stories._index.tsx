// "Listen to my stories": her own stories, newest first, each opening on its own page. Each says
// where it is (waiting for review, approved, not approved, withdrawn) and who can see it, in the
// words of the audience rule; a recording without words says "Words to add".
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listStoriesOfResident } from "~/models/story.server";
import { categoryIcon, isCategory } from "~/models/categories";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { StoryDate } from "~/components/resident/StoryDate";
import { frameOf, residentT } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT, type T } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("stories.title")) },
];

/** A category's name in the reader's language (the record wizard's, `tRecord`); another as it is. */
const categoryName = (tRecord: T, value: string) =>
  isCategory(value) ? tRecord(`category.${value}`) : value;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const t = await residentT(request, ctx.db, ctx.community, ctx.resident.id);
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    stories: listStoriesOfResident(ctx.db, ctx.resident.id).map((s) => ({
      id: s.id,
      title: s.title,
      lang: s.lang,
      category: s.category,
      createdAt: s.createdAt,
      hasAudio: !!s.audioId,
      wordsToAdd: !!s.audioId && !s.content.trim(),
      status: t("stories.status", {
        status: s.withdrawnAt
          ? "withdrawn"
          : s.reviewStatus === "rejected"
            ? "rejected"
            : s.isPublished
              ? "approved"
              : "waiting",
      }),
      // a withdrawn story is in no audience: only she and the care team see it
      audience: s.withdrawnAt
        ? t("withdrawnNote")
        : t("stories.who", {
            audience: t("audience", { audience: s.audience, community: ctx.community.name }),
          }),
      helperName: s.helperName,
    })),
  };
}

export default function KioskStories() {
  const { frame, stories } = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  const tRecord = useT("record");
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("stories.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
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
                  <span lang={s.lang}>{s.title}</span>
                </span>
                <span className="block text-lg text-stone-700">
                  {categoryName(tRecord, s.category)} · {s.status}
                  {s.wordsToAdd ? (
                    <>
                      {" · "}
                      <strong className="text-blue-900" data-testid="kiosk-words-to-add">
                        {t("wordsToAdd")}
                      </strong>
                    </>
                  ) : null}
                </span>
                <span className="block text-lg text-stone-800" data-testid="kiosk-story-who">
                  {s.audience}
                </span>
                {s.helperName ? (
                  <span className="block text-lg text-stone-700">
                    {t("toldWithHelp", { name: s.helperName })}
                  </span>
                ) : null}
                <StoryDate iso={s.createdAt} />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-xl">{t("stories.empty")}</p>
      )}
    </KioskFrame>
  );
}
