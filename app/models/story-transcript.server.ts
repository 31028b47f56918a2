// A recorded story's transcript with its times: the story page's word highlighting and the
// WebVTT captions of its audio, both from the words whisper.cpp heard (stories.transcript_words)
// laid over the story's text as it reads now.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { alignTranscript, captionCues, deserializeWords, toWebVtt, wordStarts, type TimedTranscript } from "./transcript-timing";

const { stories, residents } = tenantSchema;

function timedTranscript(db: TenantDb, storyId: string): { transcript: TimedTranscript; language: string } | null {
  const row = db
    .select({ content: stories.content, words: stories.transcriptWords, audioId: stories.audioId, language: residents.preferredLanguage })
    .from(stories)
    .innerJoin(residents, eq(stories.residentId, residents.id))
    .where(eq(stories.id, storyId))
    .get();
  if (!row?.audioId || !row.content.trim()) return null;
  const heard = deserializeWords(row.words);
  if (!heard.length) return null;
  return { transcript: alignTranscript(row.content, heard), language: row.language };
}

/** When each word of the story's text is said (ms), and the recording's language; null without times. */
export function storyWordTimes(db: TenantDb, storyId: string): { starts: number[]; language: string } | null {
  const timed = timedTranscript(db, storyId);
  return timed ? { starts: wordStarts(timed.transcript), language: timed.language } : null;
}

/** The story's captions as a WebVTT file; null when the recording has no timed words. */
export function storyCaptions(db: TenantDb, storyId: string): string | null {
  const timed = timedTranscript(db, storyId);
  return timed ? toWebVtt(captionCues(timed.transcript)) : null;
}
