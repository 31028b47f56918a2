// The resident's dashboard: a welcome with their own name, Record New Story, Tell Your Story, their
// stories in every review state, and what their family shared (photos and questions).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireResidentMember } from "~/utils/permissions.server";
import { listStoriesOfResident } from "~/models/story.server";
import { listPhotosForResident } from "~/models/family-photo.server";
import { listQuestionsForResident } from "~/models/family-question.server";
import { DialogLink } from "~/components/dialog";
import { StoryForm } from "~/components/resident/StoryForm";
import { ResidentStoryCard } from "~/components/resident/ResidentStoryCard";
import { PhotoGrid, QuestionList } from "~/components/resident/FamilySharing";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "resident")("stories.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, resident, community } = await requireResidentMember(request);
  const t = await getT(request, "resident");
  return {
    communityName: community.name,
    exportHref: `/residents/${resident.id}/export.zip`,
    aboutHref: `/residents/${resident.id}/about`,
    bookHref: `/residents/${resident.id}/book`,
    resident: { firstName: resident.firstName, lastName: resident.lastName },
    stories: listStoriesOfResident(db, resident.id).map((s) => ({
      id: s.id,
      title: s.title,
      content: s.content,
      excerpt: s.excerpt,
      category: s.category,
      imageId: s.imageId,
      isPublished: s.isPublished,
      reviewStatus: s.reviewStatus,
      reviewNote: s.reviewNote,
      createdAt: s.createdAt,
      hasAudio: !!s.audioUrl,
      durationSeconds: s.durationSeconds,
      audienceLabel: t("card.audienceName", { audience: s.audience, community: community.name }),
      withdrawn: !!s.withdrawnAt,
      lang: s.lang,
    })),
    photos: listPhotosForResident(db, resident.id),
    questions: listQuestionsForResident(db, resident.id),
  };
}

export default function ResidentDashboard() {
  const { resident, stories, photos, questions, communityName, exportHref, aboutHref, bookHref } =
    useLoaderData<typeof loader>();
  const open = questions.filter((q) => !q.answeredStoryId);
  const t = useT("resident");
  return (
    <div className="space-y-10">
      <section aria-labelledby="welcome-title" className="card">
        <h1 id="welcome-title" className="page-title mb-2">
          {t("welcome", { name: `${resident.firstName} ${resident.lastName}` })}
        </h1>
        <p className="mb-4 text-lg">{t("welcomeIntro")}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/resident/record" className="btn-primary">
            <span aria-hidden="true">🎙️</span> {t("recordNew")}
          </Link>
          <Link to={aboutHref} className="btn-secondary">
            <span aria-hidden="true">🪪</span> {t("aboutMe")}
          </Link>
          <Link to={bookHref} className="btn-secondary">
            <span aria-hidden="true">📖</span> {t("myBook")}
          </Link>
          <DialogLink
            to="/resident/stories/new"
            className="btn-secondary"
            label={
              <>
                <span aria-hidden="true">✍️</span> {t("tellStory")}
              </>
            }
            title={t("tellStory")}
          >
            <StoryForm
              id="dialog-new-story"
              action="/resident/stories/new"
              chooseAudience={{ communityName }}
            />
          </DialogLink>
        </div>
      </section>

      {open.length ? (
        <section aria-labelledby="open-questions-title">
          <h2 id="open-questions-title" className="mb-3 text-2xl font-bold">
            {t("questions.open")}
          </h2>
          <QuestionList questions={open} answerable emptyText="" />
        </section>
      ) : null}

      <section aria-labelledby="stories-title">
        <h2 id="stories-title" className="mb-3 text-2xl font-bold">
          {t("stories.title")}
        </h2>
        {stories.length ? (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,20rem),1fr))] gap-5">
            {stories.map((s) => (
              <li key={s.id} className="flex">
                <ResidentStoryCard story={s} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="card text-center">
            <p className="mb-2 text-xl font-semibold">{t("empty.title")}</p>
            <p className="mb-4 text-lg">{t("empty.body")}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/resident/stories/new" className="btn-primary">
                {t("empty.write")}
              </Link>
              <Link to="/resident/record" className="btn-secondary">
                {t("empty.record")}
              </Link>
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="photos-title">
        <h2 id="photos-title" className="mb-3 text-2xl font-bold">
          {t("photos.title")}
        </h2>
        <PhotoGrid photos={photos} emptyText={t("photos.empty")} />
      </section>

      {questions.length > open.length ? (
        <section aria-labelledby="answered-title">
          <h2 id="answered-title" className="mb-3 text-2xl font-bold">
            {t("questions.answered")}
          </h2>
          <QuestionList
            questions={questions.filter((q) => q.answeredStoryId)}
            answerable
            emptyText=""
          />
        </section>
      ) : null}

      <p className="text-base">
        <Link
          to={exportHref}
          reloadDocument
          className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
        >
          {t("download.link")}
        </Link>{" "}
        {t("download.note")}
      </p>
    </div>
  );
}
