// whisper.cpp's word timestamps: `main -ml 1 -sow -oj` writes one segment per word into a JSON file
// (examples/main/main.cpp, output_json). Each segment has `offsets.from` / `offsets.to` in
// milliseconds and its `text` with the leading space of a new word. Without -sow a long word comes
// in pieces (" trans", "cription"); a piece without a leading space belongs to the word before it.

/** One spoken word and when it was said, in milliseconds from the start of the recording. */
export type TimedWord = { start: number; end: number; text: string };

type WhisperSegment = { offsets?: { from?: unknown; to?: unknown }; text?: unknown };

/**
 * main.cpp escapes only quotes and backslashes in its JSON strings: a control character inside a
 * string (a tab or newline from the decoder) would make JSON.parse fail, so those are escaped here.
 */
export function escapeControlCharactersInStrings(json: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (inString) {
      if (c === "\\") {
        out += c + (json[i + 1] ?? "");
        i++;
        continue;
      }
      if (c === '"') inString = false;
      else if (c < " ") {
        out += `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
        continue;
      }
    } else if (c === '"') inString = true;
    out += c;
  }
  return out;
}

// sounds, not words: [BLANK_AUDIO], [_BEG_], (music), (upbeat music), *laughs*
const OPENERS: Record<string, string> = { "[": "]", "(": ")", "*": "*" };

/** The words of whisper.cpp's `-oj` output (bytes or text), in order, without sound markers. */
export function parseWhisperWords(output: string | Uint8Array): TimedWord[] {
  const text = typeof output === "string" ? output : new TextDecoder("utf-8").decode(output);
  let doc: { transcription?: WhisperSegment[] };
  try {
    doc = JSON.parse(text);
  } catch {
    doc = JSON.parse(escapeControlCharactersInStrings(text));
  }
  const segments = Array.isArray(doc?.transcription) ? doc.transcription : [];
  const words: TimedWord[] = [];
  let closing: string | null = null;
  for (const segment of segments) {
    const raw = typeof segment.text === "string" ? segment.text : "";
    const from = Number(segment.offsets?.from);
    const to = Number(segment.offsets?.to);
    if (!raw.trim() || !Number.isFinite(from) || !Number.isFinite(to)) continue;
    const piece = raw.trim();
    // inside a marker that spans several segments, "(upbeat" ... "music)"
    if (closing) {
      if (piece.endsWith(closing)) closing = null;
      continue;
    }
    const startsWord = /^\s/.test(raw) || words.length === 0;
    if (startsWord && OPENERS[piece[0]!]) {
      const close = OPENERS[piece[0]!]!;
      if (!(piece.length > 1 && piece.endsWith(close))) closing = close;
      continue;
    }
    if (!startsWord) {
      const last = words[words.length - 1]!;
      last.text += piece;
      last.end = Math.max(last.end, Math.round(to));
      continue;
    }
    words.push({
      start: Math.max(0, Math.round(from)),
      end: Math.max(Math.round(from), Math.round(to)),
      text: piece,
    });
  }
  return words;
}

/** The transcript the words make: what the resident reads and corrects. */
export function wordsToText(words: readonly TimedWord[]): string {
  return words
    .map((w) => w.text)
    .join(" ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
