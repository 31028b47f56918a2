// The heading over a recorded story's words, saying where they came from: "Transcript" when they
// were heard in the recording, "Your words" on the teller's own pages when they were typed, and the
// teller's name ("Margaret's words") for everyone else.
import type { WordsOrigin } from "~/models/story-words-origin.server";
import { useT } from "~/utils/i18n";

export function wordsLabelKey(origin: WordsOrigin, own: boolean): string {
  if (origin === "transcribed") return "words.transcript";
  return own ? "words.yours" : "words.theirs";
}

export function WordsLabel({
  origin,
  own,
  name,
  id,
  className = "text-xl font-bold",
}: {
  origin: WordsOrigin;
  /** the teller herself is reading */
  own: boolean;
  /** the teller's first name */
  name: string;
  id?: string;
  className?: string;
}) {
  const t = useT("details");
  return (
    <h2 id={id} className={className} data-testid="words-label" data-origin={origin}>
      {t(wordsLabelKey(origin, own), { name })}
    </h2>
  );
}
