import { Form } from "@remix-run/react";
import { InPlaceReactionsScript } from "./reaction-in-place";
import { REACTIONS, reactionName } from "~/models/categories";
import { useT, type T } from "~/utils/i18n";

export type ReactionCountItem = {
  emoji: string;
  label: string;
  count: number;
  mine: boolean;
  people?: string[];
};

/** The reaction's name in the reader's language (the item's own label for one not in the list). */
function nameOf(t: T, r: ReactionCountItem): string {
  return reactionName(t, r.emoji) ?? r.label;
}

/**
 * What a reaction button does, said in full: "React with a heart, 3 so far" when it gives the
 * reaction, "Remove your heart, 3 so far" when it takes the person's own back.
 */
function buttonName(t: T, r: ReactionCountItem): string {
  const key = REACTIONS.find((x) => x.emoji === r.emoji)?.key;
  const what = key ? t(`reaction.${r.mine ? "your" : "a"}.${key}`) : r.label;
  return t(r.mine ? "reaction.remove" : "reaction.give", { what, count: r.count });
}

/** Under each count, who gave it: a <details> list that opens without JavaScript. */
export function WhoReacted({ reactions }: { reactions: ReactionCountItem[] }) {
  const t = useT("story");
  const tc = useT("categories");
  const given = reactions.filter((r) => r.count > 0 && r.people?.length);
  if (!given.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("reactions.whoReacted")}>
      {given.map((r) => (
        <li key={r.emoji}>
          <details
            className="rounded-xl border border-stone-300 bg-white"
            data-testid="who-reacted"
          >
            <summary className="inline-flex min-h-target cursor-pointer items-center gap-2 px-3 text-lg">
              <span aria-hidden="true">{r.emoji}</span>
              <span>{t("reactions.count", { reaction: nameOf(tc, r), count: r.count })}</span>
              <span className="text-base font-semibold text-brand-800 underline">
                {t("reactions.who")}
              </span>
            </summary>
            <ul className="px-4 pb-3 text-base">
              {r.people!.map((name, i) => (
                <li key={`${name}-${i}`}>{name}</li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * The story's reactions. Family members of the story's resident press a reaction to give it or
 * take it back (a plain POST form, so it works without JavaScript); everyone else sees the counts.
 */
export function ReactionBar({
  reactions,
  canReact,
  action,
}: {
  reactions: ReactionCountItem[];
  canReact: boolean;
  action: string;
}) {
  const t = useT("story");
  const tc = useT("categories");
  const td = useT("details");
  const given = reactions.filter((r) => r.count > 0);
  if (!canReact) {
    if (given.length === 0) return <p className="text-lg text-stone-700">{t("reactions.none")}</p>;
    if (given.some((r) => r.people?.length)) return <WhoReacted reactions={reactions} />;
    return (
      <ul className="flex flex-wrap gap-2" aria-label={t("reactions.title")}>
        {given.map((r) => (
          <li
            key={r.emoji}
            className="inline-flex min-h-target items-center gap-2 rounded-full border border-stone-300 bg-white px-3 text-lg"
          >
            <span role="img" aria-label={nameOf(tc, r)}>
              {r.emoji}
            </span>
            <span>{r.count}</span>
          </li>
        ))}
      </ul>
    );
  }
  // a form a reaction, each sending the state its button offers (on=1 gives it, on=0 takes it
  // back): pressed twice before the page comes back (a double tap), it still ends where the person
  // meant. The button's name says what it does, so it is not also a pressed/not-pressed toggle.
  return (
    <div>
      <p className="mb-2 text-base text-stone-700">{t("reactions.howTo")}</p>
      <div className="flex flex-wrap gap-2">
        {reactions.map((r) => (
          <Form key={r.emoji} method="post" action={action} preventScrollReset data-reaction="">
            <input type="hidden" name="intent" value="react" />
            <input type="hidden" name="on" value={r.mine ? "0" : "1"} />
            <button
              type="submit"
              name="emoji"
              value={r.emoji}
              aria-label={buttonName(td, r)}
              data-mine={r.mine ? "true" : "false"}
              className={`inline-flex min-h-target min-w-target items-center gap-2 rounded-full border-2 px-3 text-lg ${
                r.mine
                  ? "border-brand-700 bg-brand-100"
                  : "border-stone-400 bg-white hover:bg-stone-100"
              }`}
            >
              <span aria-hidden="true">{r.emoji}</span>
              <span aria-hidden="true">{r.count}</span>
            </button>
          </Form>
        ))}
      </div>
      <WhoReacted reactions={reactions} />
      <InPlaceReactionsScript />
    </div>
  );
}
