// Story circles for the care team (/admin/circles, /staff/circles): the list and the form that
// starts one, and a circle's staff view (the prompt on the screen, Next and Back, the recording,
// "Now speaking" taps, Finish). Every form works without JavaScript; a recording made elsewhere
// is sent as a file and its speakers placed by typed times.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  CIRCLE_MAX_RESIDENTS,
  CircleError,
  attachRecording,
  checkTheme,
  createCircle,
  finishCircle,
  getCircle,
  listCircles,
  removeTap,
  setStep,
  startRecording,
  tapSpeaker,
  themeOf,
  themeText,
} from "~/models/circle.server";
import { activeResidentsPage } from "~/models/attendance.server";
import { listOccurrences, todayInTimeZone } from "~/models/event.server";
import { matchingLibrary } from "~/models/library.server";
import { MediaError } from "~/models/media.server";
import { CATEGORY_VALUES } from "~/models/categories";
import { DECADES } from "~/models/prompt.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage, type T } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { formFileBytes, readRecordingForm } from "~/utils/recording-form.server";
import { redirectWithToast } from "~/utils/toast.server";
import { areaOf } from "./areas";

export function circlesPath(area: "admin" | "staff", id?: string): string {
  return id ? `/${area}/circles/${encodeURIComponent(id)}` : `/${area}/circles`;
}

export async function circlesLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const lang = await requestLanguage(request);
  const url = new URL(request.url);
  const today = todayInTimeZone(community.timeZone);
  const occurrences = listOccurrences(db, community.timeZone, today, today, { activeOnly: true });
  return {
    area,
    circles: listCircles(db).map((c) => ({
      id: c.id,
      status: c.status,
      createdAt: c.createdAt,
      theme: themeText(themeOf(c), lang),
    })),
    residents: activeResidentsPage(db, { limit: 1000, offset: 0 }).residents,
    occurrences: occurrences.map((o) => ({
      value: `${o.id}/${o.occurrenceDate}`,
      title: o.title,
      startTime: o.startTime,
    })),
    songs: matchingLibrary(db, { kind: "audio" }).map((s) => ({ id: s.id, title: s.title })),
    categories: CATEGORY_VALUES,
    decades: DECADES,
    max: CIRCLE_MAX_RESIDENTS,
    // from an occurrence's page: "Start a story circle" there chooses it here
    chosenOccurrence: url.searchParams.get("occurrence") ?? "",
  };
}

export const circlesPolicy = { body: "form" } satisfies RoutePolicy;

export async function circlesAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const t = await getT(request, "circles");
  const form = await request.formData();
  const sent = {
    themeKind: String(form.get("themeKind") ?? ""),
    category: String(form.get("category") ?? ""),
    decade: String(form.get("decade") ?? ""),
    topic: String(form.get("topic") ?? "").slice(0, 500),
    residentIds: form.getAll("residentId").map(String),
    occurrence: String(form.get("occurrence") ?? ""),
    songId: String(form.get("songId") ?? ""),
  };
  try {
    const theme = checkTheme(
      sent.themeKind,
      sent.themeKind === "category"
        ? sent.category
        : sent.themeKind === "decade"
          ? sent.decade
          : sent.topic,
    );
    const [eventId, date] = sent.occurrence.split("/");
    const circle = createCircle(
      db,
      community,
      {
        theme,
        residentIds: sent.residentIds,
        occurrence: eventId && date ? { eventId, date } : null,
        songId: sent.songId || null,
        lang: await requestLanguage(request),
      },
      { id: user.id, username: user.username, displayName: user.displayName },
    );
    return redirectWithToast(circlesPath(area, circle.id), {
      type: "success",
      title: t("toast.started"),
    });
  } catch (e) {
    if (!(e instanceof CircleError)) throw e;
    return data(
      { error: translateMessage(t, e.message), field: e.field ?? null, sent },
      { status: 400 },
    );
  }
}

async function circleOr404(request: Request, params: { circleId?: string }) {
  const area = areaOf(request);
  const ctx = await requireArea(request, area);
  const circle = getCircle(ctx.db, params.circleId ?? "");
  if (!circle)
    throw new Response((await getT(request, "circles"))("error.notFound"), { status: 404 });
  return { ...ctx, area, circle };
}

export async function circleLoader({ request, params }: LoaderFunctionArgs) {
  const { db, circle, area } = await circleOr404(request, params);
  const lang = await requestLanguage(request);
  const songs = circle.songId
    ? matchingLibrary(db, { kind: "audio" }).filter((s) => s.id === circle.songId)
    : [];
  return {
    area,
    typing: new URL(request.url).searchParams.get("typing") === "1",
    circle: {
      id: circle.id,
      status: circle.status,
      step: circle.step,
      theme: themeText(circle.theme, lang),
      prompts: circle.promptList,
      participants: circle.participants,
      taps: circle.taps,
      recordingId: circle.recordingId,
      recordingStartedAt: circle.recordingStartedAt,
      job: circle.job,
      song: songs[0] ? { id: songs[0].id, title: songs[0].title, mediaId: songs[0].mediaId } : null,
    },
    photos: Object.fromEntries(
      matchingLibrary(db, { kind: "photo" }).map((p) => [p.id, p.mediaId]),
    ),
  };
}

export const circlePolicy = { body: "recording" } satisfies RoutePolicy;

/** "2:30" or "150" (seconds) into the recording, as milliseconds; null when not a time. */
export function parseTapTime(text: string): number | null {
  const m = /^\s*(?:(\d{1,3}):)?(\d{1,5})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!m) return null;
  const minutes = m[1] ? Number(m[1]) : 0;
  const seconds = Number(m[2]);
  if (m[1] && seconds >= 60) return null;
  const fraction = m[3] ? Number(`0.${m[3]}`) : 0;
  return Math.round((minutes * 60 + seconds + fraction) * 1000);
}

export async function circleAction({ request, params }: ActionFunctionArgs) {
  const { db, community, user, area, circle } = await circleOr404(request, params);
  const t = await getT(request, "circles");
  const back = circlesPath(area, circle.id);
  const form = await readRecordingForm(request).catch((e: unknown) => {
    if (e instanceof MediaError) return e;
    throw e;
  });
  if (form instanceof MediaError)
    return data({ intent: "recording", error: mediaText(t, form), tapFor: null }, { status: 413 });
  const intent = String(form.get("intent") ?? "");
  const nameOf = (id: string) => circle.participants.find((p) => p.id === id)?.firstName ?? "";
  try {
    switch (intent) {
      case "step": {
        setStep(db, circle.id, Number(form.get("step")));
        return redirect(back);
      }
      case "startRecording": {
        startRecording(db, circle.id);
        return redirect(back);
      }
      case "tap": {
        const residentId = String(form.get("residentId") ?? "");
        const typed = form.get("at");
        let atMs: unknown = form.get("atMs") ?? undefined;
        if (typeof typed === "string" && typed.trim()) {
          atMs = parseTapTime(typed);
          if (atMs === null) atMs = -1;
        }
        tapSpeaker(db, circle.id, { residentId, atMs });
        // with JavaScript a tap is a fetcher: no page to redraw
        if (form.get("quiet") === "1") return { intent, error: null, tapFor: null };
        // a time typed for a recording made elsewhere: the typed times stay open for the next
        return redirectWithToast(
          typeof typed === "string" && typed.trim() ? `${back}?typing=1` : back,
          {
            type: "success",
            title: t("toast.tapped", { name: nameOf(residentId) }),
          },
        );
      }
      case "removeTap": {
        removeTap(db, circle.id, String(form.get("tapId") ?? ""));
        return redirect(back);
      }
      case "recording": {
        const bytes = await formFileBytes(form.get("recording"));
        if (!bytes)
          return data(
            { intent, error: t("error.recordingMissing"), tapFor: null },
            { status: 400 },
          );
        await attachRecording(db, community, circle.id, bytes, user);
        return redirectWithToast(back, { type: "success", title: t("toast.recording") });
      }
      case "finish": {
        const done = await finishCircle(db, community, circle.id, {
          id: user.id,
          username: user.username,
          displayName: user.displayName,
        });
        return redirectWithToast(back, {
          type: "success",
          title: t("toast.finished", { stories: done.stories, attended: done.attended }),
        });
      }
      default:
        return data({ intent, error: t("error.theme"), tapFor: null }, { status: 400 });
    }
  } catch (e) {
    if (e instanceof MediaError)
      return data({ intent, error: mediaText(t, e), tapFor: null }, { status: 400 });
    if (!(e instanceof CircleError)) throw e;
    return data(
      {
        intent,
        error: translateMessage(t, e.message),
        tapFor: intent === "tap" ? String(form.get("residentId") ?? "") : null,
      },
      { status: 400 },
    );
  }
}

/** A refused recording, in the reader's words ("Recording too large: choose one under 40 MB"). */
function mediaText(t: T, error: { title: string; description: string }): string {
  return `${translateMessage(t, error.title)}: ${translateMessage(t, error.description)}`;
}
