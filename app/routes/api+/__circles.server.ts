// What the story circles' API routes share: a circle as JSON, and refusals as { error }.
import { getCircle, themeText, type CircleView } from "~/models/circle.server";
import type { TenantDb } from "~/utils/db.server";

export function refusal(status: number, error: string) {
  return Response.json({ error, message: error }, { status });
}

/** A circle: its theme, residents (with their draft stories), speaker taps and prompts. */
export function circleJson(db: TenantDb, id: string, lang: string) {
  const circle = getCircle(db, id) as CircleView;
  return {
    id: circle.id,
    status: circle.status,
    theme: themeText(circle.theme, lang),
    category: circle.category,
    decade: circle.decade,
    topic: circle.topic,
    occurrence: circle.eventId
      ? { eventId: circle.eventId, occurrenceDate: circle.occurrenceDate }
      : null,
    step: circle.step,
    prompts: circle.promptList,
    participants: circle.participants.map((p) => ({
      residentId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      storyId: p.storyId,
      storyTitle: p.storyTitle,
    })),
    speakers: circle.taps.map((t) => ({
      id: t.id,
      residentId: t.residentId,
      atSeconds: t.atMs / 1000,
      step: t.step,
    })),
    recording: circle.recordingId
      ? { mediaId: circle.recordingId, transcription: circle.job?.status ?? null }
      : null,
    createdAt: circle.createdAt,
    finishedAt: circle.finishedAt,
  };
}
