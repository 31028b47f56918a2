// The family bulk page: asks once before switching sign-ins off, or shows the sheet of new
// invitation links. One implementation for /admin and /staff.
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import { BulkPage, type BulkWords } from "./BulkResult";

export function FamiliesBulkPage() {
  const t = useT("care");
  const words: BulkWords = {
    intro: t("familyBulk.intro"),
    backLabel: t("familyBulk.back"),
    sheetTitle: t("familyBulk.sheetTitle"),
    confirmTitle: (count) => t("familyBulk.confirmTitle", { count }),
    explanation: t("familyBulk.explanation"),
    submitLabel: (count) => t("familyBulk.submit", { count }),
    pendingText: t("familyBulk.pending"),
  };
  return <BulkPage listTo={AREAS[useCareTeamArea()].families} words={words} />;
}
