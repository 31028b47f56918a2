import { useT } from "~/utils/i18n";
import { BADGE_BASE, roleBadgeClass } from "./role-colors";

export function RoleBadge({ role }: { role: string }) {
  const t = useT("superAdmin");
  return (
    <span className={`${BADGE_BASE} ${roleBadgeClass(role)}`} data-role={role}>
      {t("common:role", { role })}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  const t = useT("superAdmin");
  return (
    <span
      className={`${BADGE_BASE} ${active ? "border-green-300 bg-green-100 text-green-900" : "border-stone-400 bg-stone-200 text-stone-900"}`}
    >
      {active ? t("status.active") : t("status.inactive")}
    </span>
  );
}
