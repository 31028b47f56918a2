// One recording, each voice its own story: while a circle is recorded, staff tap the name of
// whoever starts speaking. These taps cut the recording's timeline into turns, and the words
// whisper.cpp heard into each speaker's passages. Pure: no files, no tools.
import { wordsToText, type TimedWord } from "./whisper-words";

/** "This resident starts speaking now": `atMs` from the start of the recording, `step` the prompt shown. */
export type SpeakerTap = { residentId: string; atMs: number; step?: number };

/** One resident speaking without interruption, from `startMs` to `endMs` of the recording. */
export type SpeakerTurn = { residentId: string; startMs: number; endMs: number; step: number };

/** A turn with the words said in it and the text they make. */
export type TurnWords = SpeakerTurn & { words: TimedWord[]; text: string };

/** One passage of a resident's story: where it lies in the recording, and what she said in it. */
export type Passage = {
  startMs: number;
  endMs: number;
  step: number;
  text: string;
  words: TimedWord[];
};

/**
 * A turn shorter than this is a tap corrected by the next one (the wrong name tapped, then the
 * right one, or a name tapped twice by two hands): nobody tells a story in under a third of a
 * second, and such a sliver would give a resident an empty draft of a breath. Its time goes to the
 * turn that corrected it, so no moment of the recording is left without a speaker.
 */
export const MIN_TURN_MS = 300;

/** Joins turns that follow one another for the same resident; the joined turn keeps the first step. */
function mergeSameSpeaker(turns: SpeakerTurn[]): SpeakerTurn[] {
  const out: SpeakerTurn[] = [];
  for (const turn of turns) {
    const last = out[out.length - 1];
    if (last && last.residentId === turn.residentId && last.endMs >= turn.startMs)
      last.endMs = Math.max(last.endMs, turn.endMs);
    else out.push({ ...turn });
  }
  return out;
}

/**
 * The turns the taps make, in time order: each runs from its tap to the next tap, the last to the
 * end of the recording. A tap before the start counts from the start; a tap at or after the end
 * is dropped (nobody spoke after it); taps of the same resident one after another are one turn;
 * a turn shorter than MIN_TURN_MS gives its time to the turn after it (to the one before it when
 * it is the last). Time before the first tap belongs to nobody.
 */
export function speakerTurns(taps: readonly SpeakerTap[], recordingMs: number): SpeakerTurn[] {
  if (!Number.isFinite(recordingMs) || recordingMs <= 0) return [];
  const sorted = taps
    .filter((t) => t.residentId && Number.isFinite(t.atMs) && t.atMs < recordingMs)
    .map((t, i) => ({ ...t, atMs: Math.max(0, t.atMs), i }))
    // taps at the same moment keep the order they were made in
    .sort((a, b) => a.atMs - b.atMs || a.i - b.i);
  const raw: SpeakerTurn[] = sorted.map((t, i) => ({
    residentId: t.residentId,
    startMs: t.atMs,
    endMs: sorted[i + 1]?.atMs ?? recordingMs,
    step: t.step ?? 0,
  }));
  // a resident tapped twice in a row is still speaking: joined before the length is judged, so
  // two quick taps of her name do not make two slivers that both vanish
  const merged = mergeSameSpeaker(raw);
  const kept: SpeakerTurn[] = [];
  let carriedFrom: number | null = null;
  for (const turn of merged) {
    if (turn.endMs - turn.startMs < MIN_TURN_MS) {
      carriedFrom ??= turn.startMs;
      continue;
    }
    kept.push({ ...turn, startMs: carriedFrom ?? turn.startMs });
    carriedFrom = null;
  }
  // the last turns were all slivers: the turn before them runs on to the end
  const last = kept[kept.length - 1];
  if (carriedFrom !== null && last) last.endMs = recordingMs;
  // dropping a sliver may leave the same resident on both sides of it
  return mergeSameSpeaker(kept);
}

/**
 * Which of `turns` a word belongs to: the turn holding the word's midpoint, so a word a tap fell
 * in the middle of goes to whoever said most of it and is never split; a midpoint on the boundary
 * of two turns goes to the earlier one. A word whose midpoint lies in no turn goes to the turn it
 * overlaps most (one running past the end of the recording), else to nobody (-1).
 */
function turnOfWord(word: TimedWord, turns: readonly SpeakerTurn[], order: number[]): number {
  const mid = (word.start + word.end) / 2;
  for (const i of order) {
    const t = turns[i]!;
    if (t.startMs <= mid && mid <= t.endMs) return i;
  }
  let best = -1;
  let bestOverlap = 0;
  for (const i of order) {
    const t = turns[i]!;
    const overlap = Math.min(word.end, t.endMs) - Math.max(word.start, t.startMs);
    if (overlap > bestOverlap) {
      best = i;
      bestOverlap = overlap;
    }
  }
  return best;
}

/**
 * Each turn (in the order given) with the words said in it and their text, joined as the
 * transcript joins them. Every word goes whole to exactly one turn, or to none when it was said
 * before the first tap.
 */
export function splitWordsBySpeaker(
  words: readonly TimedWord[],
  turns: readonly SpeakerTurn[],
): TurnWords[] {
  const order = turns
    .map((_, i) => i)
    .sort((a, b) => turns[a]!.startMs - turns[b]!.startMs || a - b);
  const byTurn: TimedWord[][] = turns.map(() => []);
  for (const word of words) {
    const i = turnOfWord(word, turns, order);
    if (i >= 0) byTurn[i]!.push(word);
  }
  return turns.map((turn, i) => {
    const own = byTurn[i]!.slice().sort((a, b) => a.start - b.start);
    return { ...turn, words: own, text: wordsToText(own) };
  });
}

/**
 * Each resident's passages, in time order: every turn is one, with its times even when no words
 * were heard in it (its text is then empty), so her part of the recording is still cut out.
 */
export function passagesByResident(
  turns: readonly SpeakerTurn[],
  words: readonly TimedWord[],
): Map<string, Passage[]> {
  const split = splitWordsBySpeaker(words, turns).sort((a, b) => a.startMs - b.startMs);
  const out = new Map<string, Passage[]>();
  for (const turn of split) {
    const passages = out.get(turn.residentId) ?? [];
    passages.push({
      startMs: turn.startMs,
      endMs: turn.endMs,
      step: turn.step,
      text: turn.text,
      words: turn.words,
    });
    out.set(turn.residentId, passages);
  }
  return out;
}
