// The family bulk page: asks once before switching sign-ins off, or shows the sheet of new
// invitation links. One implementation for /admin and /staff.
import { AREAS, useCareTeamArea } from "./areas";
import { BulkPage, type BulkWords } from "./BulkResult";

const familyMembers = (n: number) => `${n} ${n === 1 ? "family member" : "family members"}`;

const WORDS: BulkWords = {
  intro: "Tick family members in the list and choose what to do with them.",
  backLabel: "Back to the family members",
  sheetTitle: "Invitation links for family members",
  confirmTitle: (n) => `Switch off the sign-in of ${familyMembers(n)}?`,
  explanation:
    "They are signed out at once and cannot sign in until it is switched back on. Nothing is deleted; the message afterwards has an Undo button.",
  submitLabel: (n) => `Switch off ${n} ${n === 1 ? "sign-in" : "sign-ins"}`,
  pendingText: "Switching off...",
};

export function FamiliesBulkPage() {
  return <BulkPage listTo={AREAS[useCareTeamArea()].families} words={WORDS} />;
}
