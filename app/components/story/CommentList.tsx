import { Link } from "@remix-run/react";
import { reactionName } from "~/models/categories";
import { useT } from "~/utils/i18n";
import { RelativeTime } from "./RelativeTime";
import { firstInitial } from "~/utils/initials";

export type CommentItem = {
  id: string;
  content: string;
  emoji: string | null;
  createdAt: string;
  authorUserId: string | null;
  familyMember: { name: string; relationship: string | null };
};

type Props = {
  comments: CommentItem[];
  /** A link that asks to confirm deleting this comment, or null when the viewer may not delete it. */
  deleteHref?: (comment: CommentItem) => string | null;
  headingLevel?: 3 | 4;
};

/** Comments with the writer's name and relationship, their reaction and when they wrote. */
export function CommentList({ comments, deleteHref }: Props) {
  const t = useT("story");
  const tc = useT("categories");
  if (comments.length === 0) return <p className="text-lg text-stone-700">{t("comments.none")}</p>;
  return (
    <ol className="space-y-3" aria-label={t("comments.list")}>
      {comments.map((c) => {
        const label = reactionName(tc, c.emoji);
        const href = deleteHref?.(c) ?? null;
        return (
          <li
            key={c.id}
            id={`comment-${c.id}`}
            className="rounded-card border border-stone-200 bg-white p-4 shadow-card"
          >
            <p className="flex flex-wrap items-center gap-x-2 text-base text-stone-700">
              <span
                aria-hidden="true"
                className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-clay-100 font-bold text-clay-900"
              >
                {firstInitial(c.familyMember.name)}
              </span>
              <span className="font-semibold text-ink">{c.familyMember.name}</span>
              {c.familyMember.relationship ? <span>({c.familyMember.relationship})</span> : null}
              <span aria-hidden="true">·</span>
              <RelativeTime iso={c.createdAt} />
            </p>
            <div className="mt-1 flex gap-3">
              {c.emoji && label ? (
                <span
                  role="img"
                  aria-label={t("comments.reaction", { reaction: label })}
                  className="text-2xl leading-none"
                >
                  {c.emoji}
                </span>
              ) : null}
              <p className="whitespace-pre-line text-lg">{c.content}</p>
            </div>
            {href ? (
              <p className="mt-1">
                <Link
                  to={href}
                  className="inline-flex min-h-target items-center font-semibold text-red-800 underline"
                >
                  {t("common:delete")}
                  <span className="sr-only">
                    {" "}
                    {t("comments.deleteBy", { name: c.familyMember.name })}
                  </span>
                </Link>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
