// Where a story's words came from: heard in its recording and written down by the transcription
// ("transcribed", then shown as its transcript), or typed by a person ("typed", shown as her words).
// Words heard and then corrected by hand are still the recording's transcript.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { deserializeWords } from "./transcript-timing";
import { latestTranscriptOfAudio } from "./transcription.server";

export type WordsOrigin = "transcribed" | "typed";

/**
 * The rule itself: words are a transcript only when the story has a recording and a transcription
 * heard words in it (the words with their times kept on the story, or a finished transcription of
 * its recording with text). Everything else was typed.
 */
export function wordsOriginOf(
  story: { audioId: string | null; transcriptWords: string | null },
  heardText: string | null | undefined,
): WordsOrigin {
  if (!story.audioId) return "typed";
  if (deserializeWords(story.transcriptWords).length > 0) return "transcribed";
  return heardText?.trim() ? "transcribed" : "typed";
}

/** Where the words of the story came from (see wordsOriginOf); "typed" for a story not found. */
export function storyWordsOrigin(db: TenantDb, storyId: string): WordsOrigin {
  const { stories } = tenantSchema;
  const row = db
    .select({ audioId: stories.audioId, transcriptWords: stories.transcriptWords })
    .from(stories)
    .where(eq(stories.id, storyId))
    .get();
  if (!row) return "typed";
  const heard = row.audioId && !row.transcriptWords ? latestTranscriptOfAudio(db, row.audioId) : null;
  return wordsOriginOf(row, heard?.text ?? null);
}
