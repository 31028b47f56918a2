// A family member who follows several residents: the switcher between their pages, what is new on
// each since she last looked, and the residents added to her account that wait for her answer.
// Plain links and forms, so all of it works without JavaScript.
import { Form, Link } from "@remix-run/react";
import { useT } from "~/utils/i18n";
import { ResidentAvatarImage, type HeaderResident } from "./ResidentHeader";

export type FollowItem = { resident: HeaderResident; relationship: string | null };
export type FollowNewsItem = {
  residentId: string;
  firstName: string;
  newStories: number;
  neverOpened: boolean;
};
export type WaitingItem = {
  memberId: string;
  residentName: string;
  relationship: string | null;
};

export const familyPageOf = (residentId: string) =>
  `/family?resident=${encodeURIComponent(residentId)}`;

/** One tab per resident she follows; the one shown is marked current. */
export function FollowSwitcher({ follows, shownId }: { follows: FollowItem[]; shownId: string }) {
  const t = useT("follows");
  if (follows.length < 2) return null;
  return (
    <nav aria-label={t("switcher.label")} data-testid="follow-switcher">
      <ul className="flex flex-wrap gap-3">
        {follows.map(({ resident }) => {
          const current = resident.id === shownId;
          return (
            <li key={resident.id}>
              <Link
                to={familyPageOf(resident.id)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-target items-center gap-3 rounded-full border-2 py-1 pl-1 pr-5 text-lg font-semibold ${
                  current
                    ? "border-brand-800 bg-brand-800 text-white"
                    : "border-brand-800 bg-white text-brand-900"
                }`}
              >
                <ResidentAvatarImage resident={resident} size="h-11 w-11 text-lg" />
                <span className={current ? undefined : "underline underline-offset-2"}>
                  {resident.firstName} {resident.lastName}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** What is new for each resident she follows since she last opened their page. */
export function FollowNews({ news, shownId }: { news: FollowNewsItem[]; shownId: string }) {
  const t = useT("follows");
  const parts = news.filter((n) => n.newStories > 0 || (n.neverOpened && n.residentId !== shownId));
  if (!parts.length) return null;
  return (
    <section className="card" aria-labelledby="follow-news-title" data-testid="follow-news">
      <h2 id="follow-news-title" className="mb-2 text-xl font-bold">
        {t("news.title")}
      </h2>
      <ul className="space-y-1 text-lg">
        {parts.map((n) => (
          <li key={n.residentId}>
            {n.residentId === shownId ? (
              t("news.stories", { count: n.newStories, name: n.firstName })
            ) : (
              <Link
                to={familyPageOf(n.residentId)}
                className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
              >
                {n.neverOpened
                  ? t("news.notOpened", { name: n.firstName })
                  : t("news.stories", { count: n.newStories, name: n.firstName })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A resident added to her account by the care team: she says yes, or that it is not her. */
export function WaitingFollows({ waiting }: { waiting: WaitingItem[] }) {
  const t = useT("follows");
  if (!waiting.length) return null;
  return (
    <div className="space-y-4">
      {waiting.map((w) => (
        <section
          key={w.memberId}
          className="card border-2 border-brand-800"
          aria-labelledby={`waiting-${w.memberId}`}
          data-testid="waiting-follow"
        >
          <h2 id={`waiting-${w.memberId}`} className="mb-2 text-xl font-bold">
            {t("waiting.title", { name: w.residentName })}
          </h2>
          <p className="mb-4 text-lg">
            {w.relationship
              ? t("waiting.bodyAs", { name: w.residentName, relationship: w.relationship })
              : t("waiting.body", { name: w.residentName })}
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post" action="/family">
              <input type="hidden" name="memberId" value={w.memberId} />
              <button type="submit" name="intent" value="confirm-follow" className="btn-primary">
                {t("waiting.confirm", { name: w.residentName })}
              </button>
            </Form>
            <Form method="post" action="/family">
              <input type="hidden" name="memberId" value={w.memberId} />
              <button type="submit" name="intent" value="decline-follow" className="btn-secondary">
                {t("waiting.decline")}
              </button>
            </Form>
          </div>
        </section>
      ))}
    </div>
  );
}
