// The review page's part for a recorded story: its words typed (or corrected) by an administrator,
// and its transcription run again (the words then fill a story that has none).
import { parseWithZod } from "@conform-to/zod/v4";
import type { Community, TenantDb } from "~/utils/db.server";
import { StoryWordsSchema } from "~/models/admin-schemas.server";
import { getResident } from "~/models/resident.server";
import { setStoryWords, type StoryView } from "~/models/story.server";
import {
  jobProgress,
  latestJobOfStory,
  queueTranscription,
  recoverCommunityJobs,
} from "~/models/transcription.server";
import { whisperTools } from "~/utils/whisper.server";
import { redirectWithToast } from "~/utils/toast.server";

export type StoryWordsState = {
  canTranscribe: boolean;
  unavailableReason: string | null;
  /** the latest transcription run again from this page */
  job: {
    status: "queued" | "running" | "done" | "failed";
    heardWords: boolean;
    message: string | null;
  } | null;
};

export function storyWordsData(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  story: StoryView,
): StoryWordsState | null {
  if (!story.audioUrl) return null;
  recoverCommunityJobs(db, community.subdomain);
  const tools = whisperTools();
  const job = latestJobOfStory(db, story.id);
  const progress = job ? jobProgress(db, community, job) : null;
  return {
    canTranscribe: tools.ok,
    unavailableReason: tools.ok ? null : tools.reason,
    job:
      job && progress
        ? {
            status: job.status,
            heardWords: progress.outcome === "words",
            message: progress.message
              ? `${progress.message.title}. ${progress.message.description}`
              : null,
          }
        : null,
  };
}

/** Handles intent=words and intent=transcribe; null for other intents. */
export async function storyWordsAction(
  intent: string,
  formData: FormData,
  ctx: {
    db: TenantDb;
    community: Pick<Community, "subdomain">;
    userId: string;
    story: StoryView;
    page: string;
  },
): Promise<Response | null> {
  const { db, community, story, page } = ctx;
  if (intent === "words") {
    const parsed = parseWithZod(formData, { schema: StoryWordsSchema });
    if (parsed.status !== "success") {
      return redirectWithToast(page, {
        type: "error",
        title: "Failed to update story",
        description: "Stories can be at most 50,000 characters long.",
      });
    }
    setStoryWords(db, story.id, parsed.value.content);
    return redirectWithToast(page, {
      type: "success",
      title: parsed.value.content.trim() ? "The words are saved" : "The words were cleared",
    });
  }
  if (intent === "transcribe") {
    const audioId = story.audioId;
    if (!audioId || !whisperTools().ok) {
      return redirectWithToast(page, {
        type: "error",
        title: "Transcription is not available",
        description: "It is not set up on this server. Please type the words instead.",
      });
    }
    const resident = getResident(db, story.residentId);
    queueTranscription(db, community, audioId, ctx.userId, {
      language: resident?.preferredLanguage,
      storyId: story.id,
    });
    return redirectWithToast(page, {
      type: "info",
      title: "Transcribing the recording again",
      description: "This page shows the words when it is done.",
    });
  }
  return null;
}
