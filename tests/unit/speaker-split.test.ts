// A circle's recording split by the speaker taps: the turns the taps make, and whisper.cpp's words
// (the fixture is in the layout `main -ml 1 -sow -oj` writes: three residents, one tap falling in
// the middle of a word, one word in two pieces) given whole to whoever said them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseWhisperWords, type TimedWord } from "~/utils/whisper-words";
import {
  MIN_TURN_MS,
  passagesByResident,
  speakerTurns,
  splitWordsBySpeaker,
  type SpeakerTap,
} from "~/utils/speaker-split";

const words = parseWhisperWords(
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/whisper-words-circle.json")),
);
const RECORDING_MS = 15_000;

// Harold from the start; Margaret tapped late, 150 ms into her first word "Oh," (5500-5900);
// Walter tapped early, 500 ms into Margaret's last word "tongs." (9100-9700)
const taps: SpeakerTap[] = [
  { residentId: "harold", atMs: 0, step: 0 },
  { residentId: "margaret", atMs: 5650, step: 1 },
  { residentId: "walter", atMs: 9600, step: 2 },
];

const HAROLD = "When I was a boy we had a milk wagon pulled by a horse named Duke.";
const MARGARET = "Oh, I remember the ice man. He carried blocks with big tongs.";
const WALTER = "We had a Philco radio. My father listened to every ball game on it.";

describe("the turns the taps make", () => {
  it("runs each turn from its tap to the next, the last to the end of the recording", () => {
    expect(speakerTurns(taps, RECORDING_MS)).toEqual([
      { residentId: "harold", startMs: 0, endMs: 5650, step: 0 },
      { residentId: "margaret", startMs: 5650, endMs: 9600, step: 1 },
      { residentId: "walter", startMs: 9600, endMs: RECORDING_MS, step: 2 },
    ]);
  });

  it("sorts the taps, counts one before the start from 0 and drops one at or after the end", () => {
    const turns = speakerTurns(
      [
        { residentId: "walter", atMs: 9600 },
        { residentId: "harold", atMs: -40 },
        { residentId: "edna", atMs: RECORDING_MS + 2000 },
        { residentId: "edna", atMs: RECORDING_MS },
        { residentId: "margaret", atMs: 5650 },
      ],
      RECORDING_MS,
    );
    expect(turns.map((t) => [t.residentId, t.startMs, t.endMs])).toEqual([
      ["harold", 0, 5650],
      ["margaret", 5650, 9600],
      ["walter", 9600, RECORDING_MS],
    ]);
    // no step on the taps: the first prompt
    expect(turns.every((t) => t.step === 0)).toBe(true);
  });

  it("joins taps of the same resident one after another into one turn that keeps the first step", () => {
    const turns = speakerTurns(
      [
        { residentId: "harold", atMs: 0, step: 0 },
        { residentId: "harold", atMs: 2000, step: 1 },
        { residentId: "harold", atMs: 2100, step: 1 },
        { residentId: "margaret", atMs: 5650, step: 1 },
        { residentId: "harold", atMs: 9600, step: 2 },
      ],
      RECORDING_MS,
    );
    expect(turns).toEqual([
      { residentId: "harold", startMs: 0, endMs: 5650, step: 0 },
      { residentId: "margaret", startMs: 5650, endMs: 9600, step: 1 },
      // not joined with the first: Margaret spoke in between
      { residentId: "harold", startMs: 9600, endMs: RECORDING_MS, step: 2 },
    ]);
  });

  it("gives a turn shorter than a third of a second (a corrected tap) to the turn after it", () => {
    expect(MIN_TURN_MS).toBe(300);
    // Edna tapped by mistake, Margaret tapped 120 ms later
    expect(
      speakerTurns(
        [
          { residentId: "harold", atMs: 0 },
          { residentId: "edna", atMs: 5650 },
          { residentId: "margaret", atMs: 5770 },
        ],
        RECORDING_MS,
      ).map((t) => [t.residentId, t.startMs, t.endMs]),
    ).toEqual([
      ["harold", 0, 5650],
      ["margaret", 5650, RECORDING_MS],
    ]);
    // Margaret tapped by mistake and Harold tapped again: still Harold's one turn
    expect(
      speakerTurns(
        [
          { residentId: "harold", atMs: 0 },
          { residentId: "margaret", atMs: 3000 },
          { residentId: "harold", atMs: 3200 },
        ],
        RECORDING_MS,
      ).map((t) => [t.residentId, t.startMs, t.endMs]),
    ).toEqual([["harold", 0, RECORDING_MS]]);
    // a sliver at the very end: the turn before it runs on to the end
    expect(
      speakerTurns(
        [
          { residentId: "harold", atMs: 0 },
          { residentId: "walter", atMs: RECORDING_MS - 100 },
        ],
        RECORDING_MS,
      ).map((t) => [t.residentId, t.startMs, t.endMs]),
    ).toEqual([["harold", 0, RECORDING_MS]]);
    // a name tapped twice quickly counts once, and her turn is judged as a whole
    expect(
      speakerTurns(
        [
          { residentId: "harold", atMs: 0 },
          { residentId: "margaret", atMs: 5000 },
          { residentId: "margaret", atMs: 5200 },
          { residentId: "walter", atMs: 5400 },
        ],
        RECORDING_MS,
      ).map((t) => [t.residentId, t.startMs, t.endMs]),
    ).toEqual([
      ["harold", 0, 5000],
      ["margaret", 5000, 5400],
      ["walter", 5400, RECORDING_MS],
    ]);
  });

  it("has no turns without taps or without a recording", () => {
    expect(speakerTurns([], RECORDING_MS)).toEqual([]);
    expect(speakerTurns(taps, 0)).toEqual([]);
    expect(speakerTurns(taps, Number.NaN)).toEqual([]);
  });
});

describe("each speaker's words", () => {
  const turns = speakerTurns(taps, RECORDING_MS);

  it("reads the fixture: 42 words, Philco joined from its pieces, no [BLANK_AUDIO]", () => {
    expect(words).toHaveLength(42);
    expect(words.find((w) => w.text === "Philco")).toEqual({
      start: 10650,
      end: 11150,
      text: "Philco",
    });
    expect(words.some((w) => w.text.includes("BLANK"))).toBe(false);
  });

  it("gives every word whole to the turn in which most of it was said", () => {
    const split = splitWordsBySpeaker(words, turns);
    expect(split.map((t) => t.residentId)).toEqual(["harold", "margaret", "walter"]);
    expect(split.map((t) => t.text)).toEqual([HAROLD, MARGARET, WALTER]);
    // the tap 150 ms into "Oh," (midpoint 5700): Margaret's, though it began in Harold's turn
    expect(split[1]!.words[0]).toEqual({ start: 5500, end: 5900, text: "Oh," });
    // the tap 500 ms into "tongs." (midpoint 9400): still Margaret's, though it ends in Walter's
    expect(split[1]!.words.at(-1)).toEqual({ start: 9100, end: 9700, text: "tongs." });
    expect(split[2]!.words[0]!.text).toBe("We");
    // every word once, none split or lost
    expect(split.flatMap((t) => t.words)).toEqual(words);
  });

  it("gives a word whose midpoint is on the boundary to the earlier turn", () => {
    const word: TimedWord = { start: 5450, end: 5850, text: "well" };
    const split = splitWordsBySpeaker([word], turns);
    expect(split.map((t) => t.words)).toEqual([[word], [], []]);
    // one past it: the later turn
    const later: TimedWord = { start: 5451, end: 5851, text: "well" };
    expect(splitWordsBySpeaker([later], turns).map((t) => t.words)).toEqual([[], [later], []]);
  });

  it("gives a word running past the end to the last turn, and one said before the first tap to nobody", () => {
    const late = speakerTurns([{ residentId: "margaret", atMs: 1000 }], RECORDING_MS);
    const before: TimedWord = { start: 200, end: 600, text: "Hello" };
    const past: TimedWord = { start: 14_800, end: 15_400, text: "bye." };
    const split = splitWordsBySpeaker([before, past], late);
    expect(split).toHaveLength(1);
    expect(split[0]!.words).toEqual([past]);
    expect(split[0]!.text).toBe("bye.");
  });

  it("gathers each resident's passages in time order, with their times, steps, words and text", () => {
    const byResident = passagesByResident(
      speakerTurns(
        [
          { residentId: "harold", atMs: 0, step: 0 },
          { residentId: "margaret", atMs: 5650, step: 1 },
          { residentId: "harold", atMs: 9600, step: 2 },
        ],
        RECORDING_MS,
      ),
      words,
    );
    expect([...byResident.keys()]).toEqual(["harold", "margaret"]);
    const harold = byResident.get("harold")!;
    expect(harold.map((p) => [p.startMs, p.endMs, p.step, p.text])).toEqual([
      [0, 5650, 0, HAROLD],
      [9600, RECORDING_MS, 2, WALTER],
    ]);
    expect(harold[0]!.words).toHaveLength(16);
    expect(harold[1]!.words).toHaveLength(14);
    expect(byResident.get("margaret")!.map((p) => p.text)).toEqual([MARGARET]);
  });

  it("still gives each resident her passages, with their times and no text, when no words were heard", () => {
    const byResident = passagesByResident(turns, []);
    expect(Object.fromEntries(byResident)).toEqual({
      harold: [{ startMs: 0, endMs: 5650, step: 0, text: "", words: [] }],
      margaret: [{ startMs: 5650, endMs: 9600, step: 1, text: "", words: [] }],
      walter: [{ startMs: 9600, endMs: RECORDING_MS, step: 2, text: "", words: [] }],
    });
  });
});
