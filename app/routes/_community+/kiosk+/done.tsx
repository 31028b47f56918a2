// "I'm done" (and the countdown at 0, with JavaScript): ends the resident's kiosk session and goes
// back to the grid. With a recording of hers not saved as a story yet (at its preview), it first
// asks "Keep this recording?" on its own page (Keep, Throw it away, or back to the recording);
// unanswered, the recording is kept ("Words to add") when the turn ends. Opening it changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { kioskTurnOfForm, requireKiosk, requireKioskResident } from "~/utils/permissions.server";
import { kioskSessionOf } from "~/utils/kiosk.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  auditKioskTurnResumed,
  endKioskTurn,
  endKioskTurnIdle,
  keepKioskRecording,
  setKioskRecordingAsked,
  settleKioskTurns,
  throwAwayKioskRecording,
  waitingKioskRecording,
} from "~/models/kiosk.server";
import { mediaUrl } from "~/models/media-urls";
import { wizardUrl } from "~/components/record/wizard";
import { KioskFrame, withStrong } from "~/components/kiosk/KioskFrame";
import { frameOf, residentT } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { getT } from "~/utils/i18n.server";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("keep.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const waiting = waitingKioskRecording(ctx.db, ctx.session.id);
  if (!waiting?.askedAt) throw redirect("/kiosk/me");
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    audioUrl: mediaUrl(waiting.audioId),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, kiosk, community } = await requireKiosk(request);
  const form = await request.formData();
  const client = clientOf(request);
  const audit = { tenantId: community.id, kiosk, client, timeZone: community.timeZone };
  const answer = form.get("answer");
  const idle = form.get("reason") === "idle";
  // "I'm done" sent after the 2 minutes ended her turn (listening at the preview) takes it up
  // again, to ask about her recording
  const token = form.get("turn");
  const turn =
    !idle && typeof token === "string" && token ? await kioskTurnOfForm(request, token) : null;
  if (turn?.ok && turn.resumed) auditKioskTurnResumed(db, audit, turn.ctx.session, "“I'm done”");
  const session = turn?.ok ? turn.ctx.session : kioskSessionOf(db, kiosk.id).session;
  const waiting = session ? waitingKioskRecording(db, session.id) : undefined;

  if (idle) {
    // the countdown at 0: an unanswered "Keep this recording?" keeps it (settled below)
    endKioskTurnIdle(db, audit);
    await settleKioskTurns(db, community, client);
    return redirect("/kiosk?ended=idle");
  }
  if (session && waiting && answer === "back") {
    setKioskRecordingAsked(db, waiting.audioId, false);
    return redirect(
      wizardUrl("preview", {
        path: "/kiosk/record",
        category: waiting.category,
        prompt: waiting.promptKey,
        job: waiting.jobId,
        audio: waiting.jobId ? null : waiting.audioId,
      }),
    );
  }
  if (session && waiting && !answer && !waiting.askedAt) {
    setKioskRecordingAsked(db, waiting.audioId, true);
    return redirect("/kiosk/done");
  }
  let outcome: "kept" | "thrown away" | null = null;
  if (session && waiting) {
    // "I'm done" again while asked is no answer: the recording is kept
    if (answer === "discard") {
      if (throwAwayKioskRecording(db, community, session.id)) outcome = "thrown away";
    } else if (await keepKioskRecording(db, community, session.id)) outcome = "kept";
  }
  endKioskTurn(db, audit, "done");
  await settleKioskTurns(db, community, client);
  // her goodbye, in her language: the grid it shows on is the shared screen's
  const t = session
    ? await residentT(request, db, community, session.residentId)
    : await getT(request, "kiosk");
  if (outcome === "kept")
    return redirectWithToast("/kiosk", {
      type: "success",
      title: t("done.kept"),
      description: t("done.keptDetail"),
    });
  if (outcome === "thrown away")
    return redirectWithToast("/kiosk", {
      type: "success",
      title: t("done.bye"),
      description: t("done.thrownAway"),
    });
  return redirectWithToast("/kiosk", { type: "success", title: t("done.bye") });
}

export default function KioskKeepRecording() {
  const { frame, audioUrl } = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <section className="mx-auto max-w-2xl" aria-labelledby="keep-title">
        <h1 id="keep-title" className="page-title mb-3">
          {t("keep.title")}
        </h1>
        <p className="mb-4 text-xl">{withStrong(t, "keep.body", "wordsToAdd", t("wordsToAdd"))}</p>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- her own recording, just made; its words are not written yet */}
        <audio
          controls
          preload="none"
          src={audioUrl}
          className="mb-6 w-full"
          aria-label={t("keep.audio")}
        />
        <Form method="post" action="/kiosk/done" className="flex flex-col gap-4 sm:flex-row">
          <button
            type="submit"
            name="answer"
            value="keep"
            className="btn-primary kiosk-target flex-1 py-5 text-2xl"
            data-testid="kiosk-keep-recording"
          >
            {t("keep.keep")}
          </button>
          <button
            type="submit"
            name="answer"
            value="discard"
            className="btn-secondary kiosk-target flex-1 py-5 text-2xl"
            data-testid="kiosk-discard-recording"
          >
            {t("keep.discard")}
          </button>
        </Form>
        <Form method="post" action="/kiosk/done" className="mt-6">
          <button type="submit" name="answer" value="back" className="btn-secondary">
            <span aria-hidden="true">←</span> {t("keep.back")}
          </button>
        </Form>
      </section>
    </KioskFrame>
  );
}
