// The quarterly activity note a survey looks for: drafted from the resident's participation log
// (how often she came, the programs she joined most, the stories she told at them, how engaged she
// was against the quarter before), then edited and signed by staff. A signed note that is edited
// again is unsigned until someone signs it again.
import { and, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import type { T } from "~/utils/i18n";
import { residentParticipation } from "./participation.server";

const { activityNotes } = tenantSchema;

export const NOTE_MAX = 5000;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** "2026-Q4" for a YYYY-MM-DD day. */
export function quarterOf(ymd: string): string {
  return `${ymd.slice(0, 4)}-Q${Math.floor((Number(ymd.slice(5, 7)) - 1) / 3) + 1}`;
}

export function isQuarter(value: string): boolean {
  return QUARTER.test(value);
}

/** The quarter's first and last days. */
export function quarterRange(quarter: string): { from: string; to: string } {
  const m = QUARTER.exec(quarter);
  if (!m) throw new Error(`Not a quarter: ${quarter}`);
  const year = Number(m[1]);
  const first = (Number(m[2]) - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const mm = (n: number) => String(n).padStart(2, "0");
  return {
    from: `${year}-${mm(first)}-01`,
    to: `${year}-${mm(first + 2)}-${mm(last)}`,
  };
}

/** The quarter before. */
export function previousQuarter(quarter: string): string {
  const m = QUARTER.exec(quarter)!;
  const q = Number(m[2]);
  return q === 1 ? `${Number(m[1]) - 1}-Q4` : `${m[1]}-Q${q - 1}`;
}

const PRESENT = ["attended", "one_to_one"];

function engagedShare(entries: ReturnType<typeof residentParticipation>): number | null {
  const rated = entries.filter((e) => PRESENT.includes(e.status) && e.engagement);
  if (rated.length === 0) return null;
  return rated.filter((e) => e.engagement === "active").length / rated.length;
}

/**
 * The note's draft for a quarter, in the staff member's language: the counts, the programs she
 * joined most (up to three, most often first), the stories she told at them, her engagement
 * against the quarter before, and a line for what changed.
 */
export function draftQuarterlyNote(
  db: TenantDb,
  timeZone: string,
  resident: { id: string; firstName: string },
  quarter: string,
  t: T,
): string {
  const { from, to } = quarterRange(quarter);
  const entries = residentParticipation(db, timeZone, resident.id, from, to, { order: "asc" });
  const count = (status: string) => entries.filter((e) => e.status === status).length;
  const minutes = entries
    .filter((e) => PRESENT.includes(e.status))
    .reduce((sum, e) => sum + (e.minutes ?? 0), 0);
  const lines = [
    t("participation:note.draft.counts", {
      name: resident.firstName,
      quarter,
      attended: count("attended"),
      oneToOne: count("one_to_one"),
      declined: count("declined"),
      unwell: count("unwell"),
      minutes,
    }),
  ];
  const byProgram = new Map<string, number>();
  for (const e of entries)
    if (PRESENT.includes(e.status) && !e.visit)
      byProgram.set(e.title, (byProgram.get(e.title) ?? 0) + 1);
  const top = [...byProgram].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  lines.push(
    top.length
      ? t("participation:note.draft.most", {
          programs: top.map(([title, n]) => `${title} (${n})`).join(", "),
        })
      : t("participation:note.draft.noPrograms"),
  );
  const told = entries.flatMap((e) =>
    e.stories.map((s) => t("participation:note.draft.story", { title: s.title, program: e.title })),
  );
  if (told.length) lines.push(t("participation:note.draft.stories", { stories: told.join("; ") }));
  const now = engagedShare(entries);
  const before = (() => {
    const p = quarterRange(previousQuarter(quarter));
    return engagedShare(residentParticipation(db, timeZone, resident.id, p.from, p.to));
  })();
  if (now !== null && before !== null) {
    const trend = now > before + 0.1 ? "more" : now < before - 0.1 ? "less" : "same";
    lines.push(t(`participation:note.draft.engagement.${trend}`));
  }
  lines.push(t("participation:note.draft.changed"));
  return lines.join("\n\n");
}

export type ActivityNote = typeof activityNotes.$inferSelect;

export function getQuarterlyNote(
  db: TenantDb,
  residentId: string,
  quarter: string,
): ActivityNote | undefined {
  return db
    .select()
    .from(activityNotes)
    .where(and(eq(activityNotes.residentId, residentId), eq(activityNotes.quarter, quarter)))
    .get();
}

/**
 * Keeps the note's text; `sign` signs it by `actor`. Saving without signing a note that was
 * signed unsigns it: what was signed is no longer what it says.
 */
export function saveQuarterlyNote(
  db: TenantDb,
  input: { residentId: string; quarter: string; body: string; sign: boolean },
  actor: { id: string; displayName: string },
): ActivityNote {
  const now = new Date().toISOString();
  const signed = input.sign
    ? { signedByUserId: actor.id, signedByName: actor.displayName, signedAt: now }
    : { signedByUserId: null, signedByName: null, signedAt: null };
  const existing = getQuarterlyNote(db, input.residentId, input.quarter);
  if (existing)
    db.update(activityNotes)
      .set({ body: input.body, ...signed, updatedAt: now })
      .where(eq(activityNotes.id, existing.id))
      .run();
  else
    db.insert(activityNotes)
      .values({
        id: newId(),
        residentId: input.residentId,
        quarter: input.quarter,
        body: input.body,
        ...signed,
      })
      .run();
  return getQuarterlyNote(db, input.residentId, input.quarter)!;
}
