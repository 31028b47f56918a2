// "Tell a story" at the kiosk: the record wizard of /resident/record (same loader and action in
// resident+/record-wizard.server.ts, same step components), with the kiosk session as the
// resident's identity. Saving ends the session and goes back to the grid.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { endKioskSession } from "~/utils/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";
import { StepBadges } from "~/components/record/StepBadges";
import { CategoryStep } from "~/components/record/CategoryStep";
import { PromptStep } from "~/components/record/PromptStep";
import { RecordStep } from "~/components/record/RecordStep";
import { PreviewStep } from "~/components/record/PreviewStep";
import { MAX_RECORDING_SECONDS } from "~/components/record/wizard";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import {
  wizardAction,
  wizardLoader,
  type WizardActionResult,
  type WizardContext,
} from "../resident+/record-wizard.server";
import { frameOf } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Tell a story") }];

const PATH = "/kiosk/record";

/** While she records (the record step), the session waits for the longest recording too. */
function holdFor(request: Request) {
  return new URL(request.url).searchParams.get("step") === "record"
    ? MAX_RECORDING_SECONDS * 1000
    : 0;
}

async function contextOf(request: Request, holdMs: number) {
  const ctx = await requireKioskResident(request, { holdMs });
  const wizard: WizardContext = {
    user: ctx.actor,
    community: ctx.community,
    db: ctx.db,
    path: PATH,
    jobsPath: "/kiosk/transcription-jobs",
    dashboard: "/kiosk/me",
    helper: ctx.helper,
    onSaved: () => {
      endKioskSession(ctx.db, ctx.kiosk.id);
      return redirectWithToast("/kiosk", {
        type: "success",
        title: `Thank you, ${ctx.resident.firstName}. Your story is saved.`,
        description: "An administrator reads it before your family sees it.",
      });
    },
  };
  return { ctx, wizard };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, wizard } = await contextOf(request, holdFor(request));
  const d = await wizardLoader(request, wizard);
  return { ...d, frame: frameOf(ctx.community, ctx.kiosk, ctx) };
}

export const policy = { body: "recording" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  // a recording being sent still counts as her time
  const { wizard } = await contextOf(request, MAX_RECORDING_SECONDS * 1000);
  return wizardAction(request, wizard);
}

export default function KioskRecord() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as WizardActionResult | undefined;
  return (
    <KioskFrame frame={d.frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Tell a story</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> Back
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
              <PromptStep state={d.state} prompt={d.prompt} categoryLabel={d.categoryLabel} />
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
