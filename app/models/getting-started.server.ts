// The getting-started checklist of a new community's admin overview: each step is ticked by the
// community's real data, never by a click.
import { and, count, eq } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type TenantDb } from "~/utils/db.server";
import { ROLE } from "~/utils/roles";

export type ChecklistStep = { key: "residents" | "families" | "news" | "event" | "sign-ins"; done: boolean };

function any(db: TenantDb, table: typeof tenantSchema.residents | typeof tenantSchema.familyMembers | typeof tenantSchema.newsPosts | typeof tenantSchema.calendarEvents): boolean {
  return (db.select({ n: count() }).from(table).get()?.n ?? 0) > 0;
}

/** The five first steps, in order, each done or not. */
export function gettingStarted(db: TenantDb, tenantId: string): ChecklistStep[] {
  const { users } = controlSchema;
  // a resident has a sign-in (made by a sign-in link, or a kiosk sign-in) once their account exists
  const residentSignIns = getControlDb().select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.role, ROLE.resident))).get()?.n ?? 0;
  return [
    { key: "residents", done: any(db, tenantSchema.residents) },
    { key: "families", done: any(db, tenantSchema.familyMembers) },
    { key: "news", done: any(db, tenantSchema.newsPosts) },
    { key: "event", done: any(db, tenantSchema.calendarEvents) },
    { key: "sign-ins", done: residentSignIns > 0 },
  ];
}
