// "Questions from my family": each open question is answered by telling or writing a story.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listQuestionsForResident } from "~/models/family-question.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { QuestionList } from "~/components/resident/FamilySharing";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT, type T } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("questions.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    questions: listQuestionsForResident(ctx.db, ctx.resident.id),
  };
}

const answerLinks = (t: T) => (id: string) => [
  {
    to: `/kiosk/record?step=prompt&category=family&prompt=${encodeURIComponent(`q.${id}`)}`,
    label: t("questions.tell"),
  },
  { to: `/kiosk/write?questionId=${encodeURIComponent(id)}`, label: t("questions.write") },
];

export default function KioskQuestions() {
  const { frame, questions } = useLoaderData<typeof loader>();
  const open = questions.filter((q) => !q.answeredStoryId);
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("questions.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
        </Link>
      </div>
      <QuestionList
        questions={open}
        answerable
        answerLinks={answerLinks(t)}
        emptyText={t("questions.empty")}
      />
    </KioskFrame>
  );
}
