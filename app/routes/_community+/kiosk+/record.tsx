// "Tell a story" at the kiosk: the record wizard of /resident/record (same loader and action in
// resident+/record-wizard.server.ts, same step components), with the kiosk session as the
// resident's identity. Saving ends the session and goes back to the grid.
// A recording is noted as it is sent, so that it is kept ("Words to add") when her turn ends
// before she saves it. At the preview the 2 minutes are not shown and never leave the page: sent
// after they ended the turn, the preview's form takes it up again (its signed token, as the
// written story's form: same kiosk, same resident, within 30 minutes); sent later still, her
// recording is kept at once with the words she typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  kioskTurnOfForm,
  requireKioskResident,
  type KioskResidentContext,
} from "~/utils/permissions.server";
import { readKiosk } from "~/utils/kiosk.server";
import { clientOf } from "~/utils/host.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  auditKioskTurnResumed,
  endKioskTurn,
  keepLateKioskRecording,
  noteKioskRecording,
} from "~/models/kiosk.server";
import { StepBadges } from "~/components/record/StepBadges";
import { CategoryStep } from "~/components/record/CategoryStep";
import { PromptStep } from "~/components/record/PromptStep";
import { RecordStep } from "~/components/record/RecordStep";
import { PreviewStep } from "~/components/record/PreviewStep";
import { MAX_RECORDING_SECONDS } from "~/components/record/wizard";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import {
  readWizardForm,
  wizardAction,
  wizardLoader,
  type WizardActionResult,
  type WizardContext,
} from "../resident+/record-wizard.server";
import { frameOf, residentT } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("tell.title")) },
];

const PATH = "/kiosk/record";

/** While she records (the record step), the session waits for the longest recording too. */
function holdFor(request: Request) {
  return new URL(request.url).searchParams.get("step") === "record"
    ? MAX_RECORDING_SECONDS * 1000
    : 0;
}

function wizardOf(request: Request, ctx: KioskResidentContext): WizardContext {
  const audit = {
    tenantId: ctx.community.id,
    kiosk: ctx.kiosk,
    client: clientOf(request),
    timeZone: ctx.community.timeZone,
  };
  return {
    user: ctx.actor,
    community: ctx.community,
    db: ctx.db,
    path: PATH,
    jobsPath: "/kiosk/transcription-jobs",
    dashboard: "/kiosk/me",
    helper: ctx.helper,
    onRecorded: ({ audioId, jobId, state }) =>
      noteKioskRecording(ctx.db, {
        audioId,
        jobId,
        session: ctx.session,
        category: state.category ?? "general",
        promptKey: state.prompt ?? null,
      }),
    onSaved: async () => {
      const t = await residentT(request, ctx.db, ctx.community, ctx.resident.id);
      endKioskTurn(ctx.db, audit, "saved");
      return redirectWithToast("/kiosk", {
        type: "success",
        title: t("saved.title", { name: ctx.resident.firstName }),
        description: t("saved.detail"),
      });
    },
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request, { holdMs: holdFor(request) });
  const d = await wizardLoader(request, wizardOf(request, ctx));
  // a recording waiting at its preview: no countdown, and no refresh that would leave the page
  const timer = d.step === "preview" ? "waiting" : "countdown";
  return { ...d, frame: frameOf(ctx.community, ctx.kiosk, ctx, timer), turn: ctx.turnToken };
}

export const policy = { body: "recording" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const read = await readWizardForm(request);
  if (!read.form) return read.refused;
  const { form } = read;
  const token = form.get("turn");
  // a recording being sent still counts as her time
  const turn = await kioskTurnOfForm(request, typeof token === "string" ? token : null, {
    holdMs: MAX_RECORDING_SECONDS * 1000,
  });
  if (!turn.ok) {
    const kiosk = await readKiosk(request);
    const intent = form.get("intent");
    const audioId = form.get("audioId");
    if (
      kiosk.state !== "none" &&
      turn.claim &&
      typeof audioId === "string" &&
      (intent === "save" || intent === "save-without-words")
    ) {
      const words = String(form.get("content") ?? "");
      const kept = await keepLateKioskRecording(kiosk.db, kiosk.community, {
        audioId,
        sessionId: turn.claim.sessionId,
        residentId: turn.claim.residentId,
        words,
      });
      if (kept) {
        // said to her, in her language, though her turn is over
        const t = await residentT(request, kiosk.db, kiosk.community, turn.claim.residentId);
        return redirectWithToast("/kiosk", {
          type: "success",
          title: t("late.kept"),
          description: words.trim() ? t("late.withWords") : t("done.keptDetail"),
        });
      }
    }
    return redirect(kiosk.state === "none" ? "/kiosk" : "/kiosk?ended=idle");
  }
  const { ctx } = turn;
  if (turn.resumed)
    auditKioskTurnResumed(
      ctx.db,
      { tenantId: ctx.community.id, kiosk: ctx.kiosk, client: clientOf(request) },
      ctx.session,
    );
  return wizardAction(request, wizardOf(request, ctx), form);
}

export default function KioskRecord() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as WizardActionResult | undefined;
  const t = useT("kiosk");
  return (
    <KioskFrame frame={d.frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("tell.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
        </Link>
      </div>
      {d.step === "choose-resident" || d.step === "saved" ? null : (
        <>
          <StepBadges current={d.step} />
          <div className="card">
            {d.step === "category" ? (
              <CategoryStep
                resident={null}
                selected={d.state.category ?? null}
                missing={d.categoryMissing}
                path={d.path}
              />
            ) : null}
            {d.step === "prompt" ? (
              <PromptStep
                state={d.state}
                prompt={d.prompt}
                categoryLabel={d.categoryLabel}
                countdown
              />
            ) : null}
            {d.step === "record" ? (
              <RecordStep
                key="record"
                state={d.state}
                prompt={d.prompt}
                job={d.job}
                audioUsable={d.audioUsable}
                problem={actionData?.problem ?? null}
              />
            ) : null}
            {d.step === "preview" ? (
              <PreviewStep
                key={d.audio.id}
                state={d.state}
                audio={d.audio}
                transcription={d.transcription}
                categoryLabel={d.categoryLabel}
                notice={d.notice}
                hiddenFields={{ turn: d.turn }}
                problem={actionData?.saveProblem ?? null}
                typed={actionData?.typed ?? null}
                audience={{
                  communityName: d.communityName,
                  residentFirstName: d.resident.firstName,
                  onBehalf: false,
                  chosen: actionData?.audience ?? null,
                  agreed: actionData?.agreed ?? false,
                }}
              />
            ) : null}
          </div>
        </>
      )}
    </KioskFrame>
  );
}
