// Marketing leads from the landing page's contact form (control database).
import { desc } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";

const { leads } = controlSchema;

export type Lead = typeof leads.$inferSelect;

export function createLead(input: { name: string; email: string; facility: string; phone?: string | null; message?: string | null; ip?: string | null }): Lead {
  const row = {
    id: newId(),
    name: input.name.trim(),
    email: input.email.trim(),
    facility: input.facility.trim(),
    phone: input.phone?.trim() || null,
    message: input.message?.trim() || null,
    ip: input.ip ?? null,
  };
  getControlDb().insert(leads).values(row).run();
  return { ...row, createdAt: new Date().toISOString() };
}

export function listLeads(limit = 200): Lead[] {
  return getControlDb().select().from(leads).orderBy(desc(leads.createdAt)).limit(limit).all();
}
