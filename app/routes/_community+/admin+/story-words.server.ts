// The review page's part for a recorded story: its words typed (or corrected) by an administrator,
// and its transcription run again (the words then fill a story that has none). Also the review's
// refusals, said in the reader's words.
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
import { translateMessage, type T } from "~/utils/i18n";

// what story.server.ts and story-review-list.server.ts answer when a decision cannot be made
const REFUSALS: Record<string, string> = {
  "Story not found": "review.notFound",
  "This story is published; unpublish it first": "review.refused.published",
  "This story is not published": "review.refused.notPublished",
  "Only published stories can be featured": "review.refused.featurePublished",
  "Only stories the resident shares with everyone at the community can be featured":
    "review.refused.featureShared",
  "Only a story that was not approved can be reopened": "review.refused.reopen",
};

/** Why a review decision was refused, in the reader's language (as recorded when unknown). */
export function reviewRefusal(t: T, reason: string): string {
  const key = REFUSALS[reason];
  return key ? t(key) : translateMessage(t, reason);
}

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
  t: T,
): StoryWordsState | null {
  if (!story.audioUrl) return null;
  recoverCommunityJobs(db, community.subdomain);
  const tools = whisperTools();
  const job = latestJobOfStory(db, story.id);
  const progress = job ? jobProgress(db, community, job) : null;
  return {
    canTranscribe: tools.ok,
    unavailableReason: tools.ok ? null : translateMessage(t, tools.reason),
    job:
      job && progress
        ? {
            status: job.status,
            heardWords: progress.outcome === "words",
            message: progress.message
              ? t("words.jobMessage", {
                  title: translateMessage(t, progress.message.title),
                  description: translateMessage(t, progress.message.description),
                })
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
    t: T;
    db: TenantDb;
    community: Pick<Community, "subdomain">;
    userId: string;
    story: StoryView;
    page: string;
  },
): Promise<Response | null> {
  const { t, db, community, story, page } = ctx;
  if (intent === "words") {
    const parsed = parseWithZod(formData, { schema: StoryWordsSchema });
    if (parsed.status !== "success") {
      return redirectWithToast(page, {
        type: "error",
        title: t("review.failed"),
        description: t("words.tooLong"),
      });
    }
    setStoryWords(db, story.id, parsed.value.content);
    return redirectWithToast(page, {
      type: "success",
      title: parsed.value.content.trim() ? t("words.saved") : t("words.cleared"),
    });
  }
  if (intent === "transcribe") {
    const audioId = story.audioId;
    if (!audioId || !whisperTools().ok) {
      return redirectWithToast(page, {
        type: "error",
        title: t("words.unavailable"),
        description: t("words.unavailableDescription"),
      });
    }
    const resident = getResident(db, story.residentId);
    queueTranscription(db, community, audioId, ctx.userId, {
      language: resident?.preferredLanguage,
      storyId: story.id,
    });
    return redirectWithToast(page, {
      type: "info",
      title: t("words.again"),
      description: t("words.againDescription"),
    });
  }
  return null;
}
