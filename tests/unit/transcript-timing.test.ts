// Word timestamps from whisper.cpp's `-ml 1 -sow -oj` JSON (fixture in the exact layout main.cpp
// 1.5.0 writes: its header was taken from a real run here, the segments written the same way, as
// the test model hears no words), laid over the story's text, and written as WebVTT captions.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  escapeControlCharactersInStrings,
  parseWhisperWords,
  wordsToText,
} from "~/utils/whisper-words";
import {
  alignTranscript,
  captionCues,
  deserializeWords,
  serializeWords,
  toWebVtt,
} from "~/models/transcript-timing";

const fixture = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/whisper-words.json"),
);

describe("whisper.cpp's JSON words", () => {
  const words = parseWhisperWords(fixture);

  it("reads one word per segment with its offsets in milliseconds", () => {
    expect(words[0]).toEqual({ start: 0, end: 320, text: "We" });
    expect(words[1]).toEqual({ start: 320, end: 780, text: "sailed" });
  });

  it("joins a word whisper split into pieces, and drops sounds such as [BLANK_AUDIO] and (upbeat music)", () => {
    expect(words.map((w) => w.text)).toEqual([
      "We",
      "sailed",
      "to",
      "Lisbon",
      "in",
      "1962.",
      "It",
      "was",
      '"grand",',
      "said",
      "Grüße.",
      "The",
      "ship",
      "rolled.",
    ]);
    expect(words[3]).toEqual({ start: 900, end: 1560, text: "Lisbon" });
  });

  it("makes the transcript the resident reads", () => {
    expect(wordsToText(words)).toBe(
      'We sailed to Lisbon in 1962. It was "grand", said Grüße. The ship rolled.',
    );
  });

  it("reads output whose strings carry raw control characters (main.cpp escapes only quotes and backslashes)", () => {
    const raw = fixture.toString("utf8").replace('" ship"', '" sh\tip"');
    expect(() => JSON.parse(raw)).toThrow();
    expect(parseWhisperWords(raw).find((w) => w.start === 7200)?.text).toBe("sh\tip");
    expect(escapeControlCharactersInStrings('{"a": "x\ny"}')).toBe('{"a": "x\\u000ay"}');
  });

  it("gives nothing for a run that heard no words (the test model's real output)", () => {
    const empty = fixture
      .toString("utf8")
      .replace(/"transcription": \[[\s\S]*\]\n\}\n$/, '"transcription": [\n\t]\n}\n');
    expect(parseWhisperWords(empty)).toEqual([]);
  });

  it("stores compactly and reads back; bad stored data reads as no words", () => {
    expect(deserializeWords(serializeWords(words))).toEqual(words);
    expect(serializeWords([])).toBeNull();
    expect(deserializeWords("not json")).toEqual([]);
    expect(deserializeWords('[[1,2,"a"],["x"]]')).toEqual([{ start: 1, end: 2, text: "a" }]);
  });
});

describe("the heard words laid over the written story", () => {
  const heard = parseWhisperWords(fixture);

  it("gives every word of the unchanged transcript its own time", () => {
    const t = alignTranscript(wordsToText(heard), heard);
    const timed = t.flat().filter((x) => x.start !== undefined);
    expect(timed.map((x) => [x.text, x.start, x.end])).toEqual(
      heard.map((w) => [w.text, w.start, w.end]),
    );
  });

  it("keeps the resident's corrections and paragraphs, and times a corrected word between its neighbours", () => {
    const text = "We sailed to Lisboa in 1962.\n\nIt was grand, said Greta. The ship rolled.";
    const t = alignTranscript(text, heard);
    expect(t).toHaveLength(2);
    expect(t.map((p) => p.map((x) => x.text).join(""))).toEqual([
      "We sailed to Lisboa in 1962.",
      "It was grand, said Greta. The ship rolled.",
    ]);
    const lisboa = t[0]!.find((x) => x.text === "Lisboa")!;
    // between "to" (ends 900) and "in" (starts 1560)
    expect(lisboa).toMatchObject({ start: 900, end: 1560 });
    const greta = t[1]!.find((x) => x.text === "Greta.")!;
    expect(greta).toMatchObject({ start: 6050, end: 6600 });
    expect(t[1]!.find((x) => x.text === "grand,")).toMatchObject({ start: 5100, end: 5600 });
  });

  it("leaves a story without heard words as plain paragraphs", () => {
    const t = alignTranscript("First.\n\nSecond.", []);
    expect(t.flat().every((x) => x.start === undefined)).toBe(true);
  });
});

describe("WebVTT captions", () => {
  const heard = parseWhisperWords(fixture);

  it("writes cues that end at sentences and pauses, in WebVTT's format", () => {
    const vtt = toWebVtt(captionCues(alignTranscript(wordsToText(heard), heard)));
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "1",
        "00:00:00.000 --> 00:00:02.480",
        "We sailed to Lisbon in 1962.",
        "",
        "2",
        "00:00:04.700 --> 00:00:06.600",
        'It was "grand", said Grüße.',
        "",
        "3",
        "00:00:06.600 --> 00:00:08.400",
        "The ship rolled.",
        "",
      ].join("\n"),
    );
  });

  it("escapes what WebVTT reads as markup, and keeps cues from overlapping", () => {
    const cues = captionCues([
      [
        { text: "a<b>", start: 0, end: 100 },
        { text: " " },
        { text: "-->", start: 100, end: 200 },
        { text: " " },
        { text: "&", start: 150, end: 400 },
      ],
    ]);
    expect(toWebVtt(cues)).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.500\na&lt;b&gt; --&gt; &amp;\n",
    );
  });

  it("an empty story is a valid empty WebVTT file", () => {
    expect(toWebVtt([])).toBe("WEBVTT\n\n");
  });
});
