// "Questions from my family": each open question is answered by telling or writing a story.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listQuestionsForResident } from "~/models/family-question.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { QuestionList } from "~/components/resident/FamilySharing";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Questions from my family") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    questions: listQuestionsForResident(ctx.db, ctx.resident.id),
  };
}

const answerLinks = (id: string) => [
  {
    to: `/kiosk/record?step=prompt&category=family&prompt=${encodeURIComponent(`q.${id}`)}`,
    label: "Tell my answer",
  },
  { to: `/kiosk/write?questionId=${encodeURIComponent(id)}`, label: "Write my answer" },
];

export default function KioskQuestions() {
  const { frame, questions } = useLoaderData<typeof loader>();
  const open = questions.filter((q) => !q.answeredStoryId);
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Questions from my family</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> Back
        </Link>
      </div>
      <QuestionList
        questions={open}
        answerable
        answerLinks={answerLinks}
        emptyText="There are no new questions from your family."
      />
    </KioskFrame>
  );
}
