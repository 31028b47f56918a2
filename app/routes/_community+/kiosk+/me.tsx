// The resident's kiosk menu: one big button per thing she can do, in plain words.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listQuestionsForResident } from "~/models/family-question.server";
import { KioskAction, KioskFrame } from "~/components/kiosk/KioskFrame";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("menu.pageTitle")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const open = listQuestionsForResident(ctx.db, ctx.resident.id).filter(
    (q) => !q.answeredStoryId,
  ).length;
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    firstName: ctx.resident.firstName,
    openQuestions: open,
  };
}

export default function KioskMenu() {
  const { frame, firstName, openQuestions } = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <h1 className="page-title mb-6">{t("menu.title", { name: firstName })}</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <KioskAction to="/kiosk/record" icon="🎙️" testId="kiosk-tell">
            {t("tell.title")}
          </KioskAction>
        </li>
        <li>
          <KioskAction to="/kiosk/write" icon="✍️" testId="kiosk-write">
            {t("write.title")}
          </KioskAction>
        </li>
        <li>
          <KioskAction to="/kiosk/stories" icon="📖" testId="kiosk-stories">
            {t("menu.stories")}
          </KioskAction>
        </li>
        <li>
          <KioskAction to="/kiosk/questions" icon="💬" testId="kiosk-questions">
            {t("menu.questions", { count: openQuestions })}
          </KioskAction>
        </li>
        <li>
          <KioskAction to="/kiosk/photos" icon="🖼️" testId="kiosk-photos">
            {t("photos.title")}
          </KioskAction>
        </li>
        <li>
          <KioskAction to="/kiosk/pin" icon="🔢" testId="kiosk-pin">
            {t("pin.title")}
          </KioskAction>
        </li>
      </ul>
    </KioskFrame>
  );
}
