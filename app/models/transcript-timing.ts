// A recording's words with their times (from whisper.cpp, stored beside the transcript) laid over
// the story's text as it now reads: the resident corrects what Whisper misheard before saving and
// staff may edit it later, so each written word is matched to a heard word where they agree, and
// the words in between share the time between their neighbours. From that: the story page's
// highlighted transcript and the WebVTT captions of its audio. Pure: no database, no server APIs.
import { escapeHtml } from "~/utils/html";
import type { TimedWord } from "~/utils/whisper-words";

export type { TimedWord };

/** Stored form: [[startMs, endMs, "word"], ...] (compact; a ten-minute story is ~1,500 words). */
export function serializeWords(words: readonly TimedWord[]): string | null {
  return words.length ? JSON.stringify(words.map((w) => [w.start, w.end, w.text])) : null;
}

export function deserializeWords(stored: string | null | undefined): TimedWord[] {
  if (!stored) return [];
  try {
    const rows = JSON.parse(stored);
    if (!Array.isArray(rows)) return [];
    return rows
      .filter((r): r is [number, number, string] => Array.isArray(r) && Number.isFinite(r[0]) && Number.isFinite(r[1]) && typeof r[2] === "string")
      .map(([start, end, text]) => ({ start, end, text }));
  } catch {
    return [];
  }
}

/** A piece of the written story: a word with its time, or the space between words. */
export type TimedToken = { text: string; start?: number; end?: number };
/** The story's paragraphs, each a run of tokens. */
export type TimedTranscript = TimedToken[][];

/**
 * The written story as paragraphs of words and the spaces between them, untimed. The story page
 * splits the text with this same function in the browser, so the n-th word there is the n-th here.
 */
export function transcriptParagraphs(content: string): TimedTranscript {
  return content
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split(/(\s+)/).filter((t) => t !== "").map((text): TimedToken => ({ text })));
}

export const isWordToken = (token: TimedToken) => /\S/.test(token.text);

/** When each written word begins, in order (milliseconds): all the story page needs to follow along. */
export function wordStarts(transcript: TimedTranscript): number[] {
  return transcript.flat().filter(isWordToken).map((t) => t.start ?? 0);
}

const normalize = (word: string) => word.toLocaleLowerCase("en-US").replace(/[^\p{L}\p{N}]+/gu, "");

// how far ahead in the heard words a written word may find its match (a few inserted or dropped words)
const LOOKAHEAD = 12;

/**
 * Lays the heard words over the written text. Every written word gets a time; the text itself
 * (paragraphs, line breaks, the resident's corrections) stays exactly as written.
 */
export function alignTranscript(content: string, heard: readonly TimedWord[]): TimedTranscript {
  const paragraphs = transcriptParagraphs(content);
  const written = paragraphs.flat().filter(isWordToken);
  if (!written.length || !heard.length) return paragraphs;

  const heardKeys = heard.map((w) => normalize(w.text));
  let next = 0;
  for (const token of written) {
    const key = normalize(token.text);
    if (!key) continue;
    for (let k = next; k < Math.min(heard.length, next + LOOKAHEAD); k++) {
      if (heardKeys[k] === key) {
        token.start = heard[k]!.start;
        token.end = heard[k]!.end;
        next = k + 1;
        break;
      }
    }
  }

  // words without a match share the time between the matched words around them
  const first = heard[0]!.start;
  const last = heard[heard.length - 1]!.end;
  let i = 0;
  while (i < written.length) {
    if (written[i]!.start !== undefined) {
      i++;
      continue;
    }
    let j = i;
    while (j < written.length && written[j]!.start === undefined) j++;
    const from = i > 0 ? written[i - 1]!.end! : first;
    const to = j < written.length ? written[j]!.start! : last;
    const step = Math.max(0, to - from) / (j - i);
    for (let k = i; k < j; k++) {
      written[k]!.start = Math.round(from + step * (k - i));
      written[k]!.end = Math.round(from + step * (k - i + 1));
    }
    i = j;
  }
  return paragraphs;
}

export type Cue = { start: number; end: number; text: string };

const CUE_MAX_CHARS = 84; // two lines of 42, the usual caption width
const CUE_MAX_MS = 7_000;
const CUE_PAUSE_MS = 1_200;

/** Caption cues from the timed transcript: short lines that end at sentences, pauses and paragraphs. */
export function captionCues(transcript: TimedTranscript): Cue[] {
  const cues: Cue[] = [];
  for (const paragraph of transcript) {
    let words: TimedToken[] = [];
    const flush = () => {
      if (!words.length) return;
      cues.push({ start: words[0]!.start!, end: words[words.length - 1]!.end!, text: words.map((w) => w.text).join(" ") });
      words = [];
    };
    for (const token of paragraph) {
      if (!isWordToken(token) || token.start === undefined) continue;
      const current = words.map((w) => w.text).join(" ");
      if (words.length) {
        const previous = words[words.length - 1]!;
        if (current.length + 1 + token.text.length > CUE_MAX_CHARS || token.end! - words[0]!.start! > CUE_MAX_MS || token.start - previous.end! > CUE_PAUSE_MS) flush();
      }
      words.push(token);
      if (/[.!?]["”’)]?$/.test(token.text) && words.length >= 3) flush();
    }
    flush();
  }
  // cues never overlap and each lasts long enough to be read
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const nextStart = cues[i + 1]?.start ?? Infinity;
    cue.end = Math.min(Math.max(cue.end, cue.start + 500), nextStart);
    if (cue.end <= cue.start) cue.end = cue.start + 1;
  }
  return cues;
}

function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(t % 1000).padStart(3, "0")}`;
}

// cue text is not HTML, but WebVTT gives &, < and > meaning (tags, and "-->" ends a timing line);
// a cue is one line, its white space folded
const escapeCueText = (text: string) => escapeHtml(text, { quotes: false }).replace(/\s+/g, " ").trim();

/** A WebVTT file (https://www.w3.org/TR/webvtt1/) for the cues. */
export function toWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${escapeCueText(c.text)}`);
  return `WEBVTT\n\n${blocks.join("\n\n")}${blocks.length ? "\n" : ""}`;
}
