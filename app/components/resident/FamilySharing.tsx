// What the resident's family shared: photos and questions. A question is answered by starting a
// story with it as the prompt.
import { Link } from "@remix-run/react";
import { mediaUrl, srcSetFor } from "~/models/media-urls";
import { useT } from "~/utils/i18n";
import { StoryDate } from "./StoryDate";

export type SharedPhoto = {
  id: string;
  imageId: string;
  widths: number[];
  description: string | null;
  createdAt: string;
  familyMember: { name: string; relationship: string | null };
};

export type AskedQuestion = {
  id: string;
  question: string;
  createdAt: string;
  answeredStoryId: string | null;
  answeredStoryTitle: string | null;
  answeredStoryPublished: boolean;
  familyMember: { name: string; relationship: string | null };
};

export const whoShared = (m: { name: string; relationship: string | null }) =>
  m.relationship ? `${m.name} (${m.relationship})` : m.name;

export function PhotoGrid({ photos, emptyText }: { photos: SharedPhoto[]; emptyText: string }) {
  const t = useT("resident");
  if (!photos.length) return <p className="text-lg">{emptyText}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {photos.map((p) => (
        <li key={p.id} className="card">
          <img
            src={mediaUrl(p.imageId, 800)}
            srcSet={srcSetFor(p.imageId, p.widths.length ? p.widths : [400, 800])}
            sizes="(min-width: 768px) 33vw, 100vw"
            alt={
              p.description
                ? t("photo.alt", { description: p.description })
                : t("photo.altBy", { name: p.familyMember.name })
            }
            loading="lazy"
            className="mb-2 h-56 w-full rounded-lg object-cover"
          />
          {p.description ? <p className="text-base">{p.description}</p> : null}
          <p className="text-base text-stone-700">
            {t("photo.sharedBy", { name: whoShared(p.familyMember) })}
          </p>
          <StoryDate iso={p.createdAt} />
        </li>
      ))}
    </ul>
  );
}

export function QuestionList({
  questions,
  answerable,
  emptyText,
  answerLinks,
  storyHref = (id) => `/stories/${id}`,
}: {
  questions: AskedQuestion[];
  answerable: boolean;
  emptyText: string;
  /** where "Answer" leads (the lounge kiosk offers telling and writing); default: the typed story form */
  answerLinks?: (questionId: string) => { to: string; label: string }[];
  storyHref?: (storyId: string) => string;
}) {
  const t = useT("resident");
  if (!questions.length) return <p className="text-lg">{emptyText}</p>;
  return (
    <ul className="space-y-3">
      {questions.map((q) => (
        <li key={q.id} className="card">
          <p className="text-lg font-semibold">“{q.question}”</p>
          <p className="text-base text-stone-700">
            {t("question.askedBy", { name: whoShared(q.familyMember) })}
          </p>
          <StoryDate iso={q.createdAt} />
          {q.answeredStoryId && !answerable && !q.answeredStoryPublished ? (
            <p className="mt-2 text-base">{t("question.answeredPending")}</p>
          ) : q.answeredStoryId ? (
            <p className="mt-2 text-base">
              {t("question.answeredIn")}{" "}
              <Link
                to={storyHref(q.answeredStoryId)}
                className="font-semibold text-brand-800 underline"
              >
                {q.answeredStoryTitle ?? t("question.aStory")}
              </Link>
            </p>
          ) : answerable && answerLinks ? (
            <div className="mt-2 flex flex-wrap gap-3">
              {answerLinks(q.id).map((l) => (
                <Link key={l.to} to={l.to} className="btn-secondary">
                  {l.label}
                </Link>
              ))}
            </div>
          ) : answerable ? (
            <Link
              to={`/resident/stories/new?questionId=${encodeURIComponent(q.id)}`}
              className="btn-secondary mt-2"
            >
              {t("question.answer")}
            </Link>
          ) : (
            <p className="mt-2 text-base text-stone-700">{t("question.notAnswered")}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
