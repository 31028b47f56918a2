// The record-a-story wizard: Category, Prompt, Record, Preview. Every step is a
// page whose state travels in the URL, so it works with JavaScript off (the Record step then takes
// a file from the device's recorder). A resident records as themselves; staff and administrators
// first choose the resident they record for (a kiosk in the lounge).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStoryteller } from "~/utils/permissions.server";
import { StepBadges } from "~/components/record/StepBadges";
import { CategoryStep } from "~/components/record/CategoryStep";
import { PromptStep } from "~/components/record/PromptStep";
import { RecordStep } from "~/components/record/RecordStep";
import { PreviewStep } from "~/components/record/PreviewStep";
import { SavedStep } from "~/components/record/SavedStep";
import { WIZARD_PATH, wizardUrl } from "~/components/record/wizard";
import {
  dashboardOf,
  wizardAction,
  wizardLoader,
  type WizardActionResult,
} from "./record-wizard.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Record a story") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, community, db } = await requireStoryteller(request);
  return wizardLoader(request, {
    user,
    community,
    db,
    path: WIZARD_PATH,
    dashboard: dashboardOf(user),
  });
}

export const policy = { body: "recording" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { user, community, db } = await requireStoryteller(request);
  return wizardAction(request, {
    user,
    community,
    db,
    path: WIZARD_PATH,
    dashboard: dashboardOf(user),
  });
}

type ActionResult = WizardActionResult;

export default function RecordStory() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Record a Story</h1>
        <Link to={d.dashboard} className="btn-ghost">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
      </div>
      {d.step === "choose-resident" ? (
        <ChooseResident residents={d.residents} unknown={d.unknownResident} />
      ) : (
        <>
          {d.onBehalf ? (
            <p className="mb-4 text-lg" data-testid="recording-for">
              Recording for <strong>{d.resident.name}</strong>.{" "}
              <Link to={wizardUrl(null, {})} className="font-semibold text-brand-800 underline">
                Choose another resident
              </Link>
            </p>
          ) : null}
          <StepBadges current={d.step} />
          <div className="card">
            {d.step === "saved" ? (
              <SavedStep
                story={d.saved}
                resident={d.state.resident ?? null}
                onBehalf={d.onBehalf}
                residentName={d.resident.name}
                dashboard={d.dashboard}
              />
            ) : null}
            {d.step === "category" ? (
              <CategoryStep
                resident={d.state.resident ?? null}
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
                  onBehalf: d.onBehalf,
                  chosen: actionData?.audience ?? null,
                  agreed: actionData?.agreed ?? false,
                }}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function ChooseResident({
  residents,
  unknown,
}: {
  residents: { id: string; name: string; room: string | null }[];
  unknown: boolean;
}) {
  return (
    <section className="card" aria-labelledby="choose-resident-title">
      <h2 id="choose-resident-title" className="mb-2 text-2xl font-bold">
        Whose story are we recording?
      </h2>
      <p className="mb-4 text-lg">
        Choose the resident you are recording with. The story is saved as theirs and sent for
        review.
      </p>
      {residents.length === 0 ? (
        <p className="text-lg">There are no active residents yet.</p>
      ) : (
        <Form method="get">
          <div className="mb-4">
            <label htmlFor="resident" className="label">
              Resident
            </label>
            <select
              id="resident"
              name="resident"
              className="input"
              required
              defaultValue=""
              aria-describedby={unknown ? "resident-error" : undefined}
            >
              <option value="" disabled>
                Choose a resident
              </option>
              {residents.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                  {r.room ? ` (Room ${r.room})` : ""}
                </option>
              ))}
            </select>
            {unknown ? (
              <p id="resident-error" className="field-error" role="alert">
                That resident could not be found. Please choose again.
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary">
            Continue
          </button>
        </Form>
      )}
    </section>
  );
}
