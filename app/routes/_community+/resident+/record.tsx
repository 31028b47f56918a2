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
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "record")("pageTitle")) },
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
  const t = useT("record");
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("heading")}</h1>
        <Link to={d.dashboard} className="btn-ghost">
          <span aria-hidden="true">←</span> {t("backToDashboard")}
        </Link>
      </div>
      {d.step === "choose-resident" ? (
        <ChooseResident residents={d.residents} unknown={d.unknownResident} />
      ) : (
        <>
          {d.onBehalf ? (
            <p className="mb-4 text-lg" data-testid="recording-for">
              {t("onBehalf.before")} <strong>{d.resident.name}</strong>
              {t("onBehalf.after")}{" "}
              <Link to={wizardUrl(null, {})} className="font-semibold text-brand-800 underline">
                {t("onBehalf.another")}
              </Link>
            </p>
          ) : null}
          <StepBadges current={d.step} />
          {d.englishOnly ? (
            <p
              className="mb-4 rounded-xl border-2 border-blue-700 bg-blue-50 p-4 text-lg text-blue-900"
              role="note"
              data-testid="english-only"
            >
              {t("englishOnly")}
            </p>
          ) : null}
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
  const t = useT("record");
  return (
    <section className="card" aria-labelledby="choose-resident-title">
      <h2 id="choose-resident-title" className="mb-2 text-2xl font-bold">
        {t("choose.title")}
      </h2>
      <p className="mb-4 text-lg">{t("choose.intro")}</p>
      {residents.length === 0 ? (
        <p className="text-lg">{t("choose.none")}</p>
      ) : (
        <Form method="get">
          <div className="mb-4">
            <label htmlFor="resident" className="label">
              {t("choose.label")}
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
                {t("choose.placeholder")}
              </option>
              {residents.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                  {r.room ? ` ${t("choose.room", { room: r.room })}` : ""}
                </option>
              ))}
            </select>
            {unknown ? (
              <p id="resident-error" className="field-error" role="alert">
                {t("choose.unknown")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary">
            {t("choose.continue")}
          </button>
        </Form>
      )}
    </section>
  );
}
