// Who may do what: every guard that loaders, actions and resource routes call, built on
// requireUser / requireTenantUser (auth.server.ts). Role names and role sets come from roles.ts.
// A guard returns what the route needs or throws: a redirect to /login (401 on /api paths), a
// redirect to /password while a temporary password is unchanged, or 403 for the wrong role.
import { redirect } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { forbidden, requireTenantUser, requireUser } from "./auth.server";
import {
  endKioskSession,
  kioskActor,
  kioskPinFingerprint,
  kioskSessionOf,
  kioskTurnToken,
  readKiosk,
  readKioskTurnToken,
  resumeKioskSession,
  touchKioskSession,
  KIOSK_IDLE_MS,
  type KioskSessionRow,
  type KioskTurnClaim,
} from "./kiosk.server";
import { tenantSchema, type TenantDb } from "./db.server";
import { requireKnownHost } from "./host.server";
import { getT } from "./i18n.server";
import { ADMIN_ROLES, CARE_TEAM_ROLES, ROLE, STORYTELLER_ROLES, SUPER_ADMIN_ROLES } from "./roles";

export {
  ADMIN_ROLES,
  CARE_TEAM_ROLES,
  COMMUNITY_STAFF_ROLES,
  ROLE,
  ROLES,
  STORYTELLER_ROLES,
  SUPER_ADMIN_ROLES,
  roleIn,
} from "./roles";
export type { CommunityStaffRole, Role } from "./roles";
export { forbidden, requireTenantUser, requireUser };

/** The two care-team areas: /admin for administrators, /staff for staff and administrators. */
export type AreaName = "admin" | "staff";
export const AREA_ROLES = { admin: ADMIN_ROLES, staff: CARE_TEAM_ROLES } as const;

/** The super admin console and its JSON API (any known host: an unknown community's address is 404). */
export function requireSuperAdmin(request: Request) {
  requireKnownHost(request);
  return requireUser(request, { roles: SUPER_ADMIN_ROLES });
}

/** A screen of the /admin or /staff area (super admins may enter both). */
export function requireArea(request: Request, area: AreaName) {
  return requireTenantUser(request, { roles: AREA_ROLES[area] });
}

/** Residents, families, news and events through the JSON API. */
export function requireCareTeam(request: Request) {
  return requireTenantUser(request, { roles: CARE_TEAM_ROLES });
}

/** Story review: approve, reject, feature, unpublish. */
export function requireReviewer(request: Request) {
  return requireTenantUser(request, { roles: ADMIN_ROLES });
}

/** Recording, writing and illustrating stories: the resident, or staff on a resident's behalf. */
export function requireStoryteller(request: Request) {
  return requireTenantUser(request, { roles: STORYTELLER_ROLES });
}

type ResidentRecord = typeof tenantSchema.residents.$inferSelect;
type FamilyMemberRecord = typeof tenantSchema.familyMembers.$inferSelect;

function residentRecord(db: TenantDb, id: string): ResidentRecord | undefined {
  return db.select().from(tenantSchema.residents).where(eq(tenantSchema.residents.id, id)).get();
}

function familyRecord(
  db: TenantDb,
  id: string,
): { member: FamilyMemberRecord; resident: ResidentRecord } | undefined {
  const { familyMembers, residents } = tenantSchema;
  return db
    .select({ member: familyMembers, resident: residents })
    .from(familyMembers)
    .innerJoin(residents, eq(familyMembers.residentId, residents.id))
    .where(eq(familyMembers.id, id))
    .get();
}

/** The signed-in resident and their resident record (403 for other roles or an unlinked account). */
export async function requireResidentMember(request: Request) {
  const ctx = await requireTenantUser(request, { roles: [ROLE.resident] });
  const resident = ctx.user.residentId ? residentRecord(ctx.db, ctx.user.residentId) : undefined;
  if (!resident) throw forbidden((await getT(request, "errors"))("access.notLinkedResident"));
  return { ...ctx, resident };
}

/**
 * The signed-in family member: the family record and resident her pages show (`residentId` when
 * she follows that resident, e.g. from the page's address or a form; else her session's choice,
 * else the resident she followed first), and every resident she follows (the switcher), each
 * with her record for that resident, in the order she came to follow them.
 */
export async function requireFamilyMember(
  request: Request,
  opts: { residentId?: string | null } = {},
) {
  const ctx = await requireTenantUser(request, { roles: [ROLE.family] });
  const follows = ctx.user.familyMemberIds
    .map((id) => familyRecord(ctx.db, id))
    .filter((f): f is NonNullable<typeof f> => !!f);
  const profile =
    (opts.residentId && follows.find((f) => f.resident.id === opts.residentId)) ||
    follows.find((f) => f.member.id === ctx.user.familyMemberId) ||
    follows[0];
  if (!profile) throw forbidden((await getT(request, "errors"))("access.notLinkedFamily"));
  return { ...ctx, member: profile.member, resident: profile.resident, follows };
}

/**
 * The lounge kiosk (ADR 017): this browser is a kiosk of this community that is switched on.
 * Otherwise /kiosk, which says what this browser is (not a kiosk, or a kiosk switched off).
 */
export async function requireKiosk(request: Request) {
  const kiosk = await readKiosk(request);
  if (kiosk.state !== "on") throw redirect("/kiosk");
  return kiosk;
}

/** A resident the kiosk may act for: active, and agreed to kiosk use. */
function kioskResidentRow(db: TenantDb, id: string) {
  const { residents } = tenantSchema;
  return db
    .select()
    .from(residents)
    .where(
      and(eq(residents.id, id), eq(residents.isActive, true), eq(residents.kioskConsent, true)),
    )
    .get();
}

type OnKiosk = Extract<Awaited<ReturnType<typeof readKiosk>>, { state: "on" }>;

/** A turn being used now: it counts as input (plus `holdMs`), and what its pages need. */
function kioskTurnContext(
  kiosk: OnKiosk,
  session: KioskSessionRow,
  resident: NonNullable<ReturnType<typeof kioskResidentRow>>,
  holdMs: number,
  now: number,
) {
  touchKioskSession(kiosk.db, session.id, now + holdMs);
  return {
    ...kiosk,
    session,
    resident,
    actor: kioskActor(session, `${resident.firstName} ${resident.lastName}`),
    helper:
      session.helperUserId && session.helperName
        ? { userId: session.helperUserId, name: session.helperName }
        : null,
    /** seconds until the session ends without input (the countdown and the meta refresh) */
    secondsLeft: Math.round((KIOSK_IDLE_MS + holdMs) / 1000),
    /** what the turn's forms carry (`turn`), so one sent after the turn ended can be placed */
    turnToken: kioskTurnToken({
      communityId: kiosk.community.id,
      kioskId: kiosk.kiosk.id,
      residentId: resident.id,
      sessionId: session.id,
      pin: kioskPinFingerprint(resident.kioskPinHash),
    }),
  };
}

export type KioskResidentContext = ReturnType<typeof kioskTurnContext>;

/**
 * The resident using this kiosk now: her record, the identity her stories are made under (only
 * hers; see kioskActor) and who helps her, if anyone. No session, an ended one (2 minutes without
 * input) or a resident no longer on the kiosk: back to the grid. Every request counts as input;
 * `holdMs` keeps the session open longer while a page is in use that takes time (recording).
 */
export async function requireKioskResident(
  request: Request,
  opts: { holdMs?: number } = {},
): Promise<KioskResidentContext> {
  const kiosk = await requireKiosk(request);
  const { db } = kiosk;
  const now = Date.now();
  const { session, expired } = kioskSessionOf(db, kiosk.kiosk.id, now);
  if (!session) throw redirect(expired ? "/kiosk?ended=idle" : "/kiosk");
  const resident = kioskResidentRow(db, session.residentId);
  if (!resident) {
    endKioskSession(db, kiosk.kiosk.id);
    throw redirect("/kiosk");
  }
  return kioskTurnContext(kiosk, session, resident, Math.max(0, opts.holdMs ?? 0), now);
}

export type KioskFormTurn =
  | { ok: true; ctx: KioskResidentContext; resumed: boolean }
  | {
      ok: false;
      /** "ended": the turn is over for this form (another kiosk, too late, PIN changed, another turn) */
      why: "not-kiosk" | "off" | "ended";
      /** whose form it was, when its token is good */
      claim: KioskTurnClaim | null;
    };

/**
 * The turn a form sent from a kiosk page belongs to. The form carries the signed token of the turn
 * it was shown in (`turn`). Sent while that turn runs, it is that turn. Sent after 2 minutes
 * without input ended it, the turn is taken up again when the form comes from the same kiosk, for
 * the same resident (still on the kiosk, her PIN unchanged), within 30 minutes of the end, and no
 * other turn began since. A form without a good token is the running turn's, as any request.
 */
export async function kioskTurnOfForm(
  request: Request,
  token: string | null,
  opts: { holdMs?: number } = {},
): Promise<KioskFormTurn> {
  const kiosk = await readKiosk(request);
  const claim =
    kiosk.state !== "none" && token ? readKioskTurnToken(token, kiosk.community.id) : null;
  if (kiosk.state === "none") return { ok: false, why: "not-kiosk", claim: null };
  if (kiosk.state === "off") return { ok: false, why: "off", claim };
  const holdMs = Math.max(0, opts.holdMs ?? 0);
  if (!claim) {
    const ctx = await requireKioskResident(request, { holdMs }).catch((thrown: unknown) => {
      if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return null;
      throw thrown;
    });
    return ctx ? { ok: true, ctx, resumed: false } : { ok: false, why: "ended", claim: null };
  }
  const ended = { ok: false as const, why: "ended" as const, claim };
  if (claim.kioskId !== kiosk.kiosk.id) return ended;
  const resident = kioskResidentRow(kiosk.db, claim.residentId);
  if (!resident) return ended;
  const now = Date.now();
  const running = kioskSessionOf(kiosk.db, kiosk.kiosk.id, now).session;
  if (running?.id === claim.sessionId && running.residentId === resident.id)
    return {
      ok: true,
      ctx: kioskTurnContext(kiosk, running, resident, holdMs, now),
      resumed: false,
    };
  // taking an ended turn up again: not once her PIN has changed since the form was shown
  if (kioskPinFingerprint(resident.kioskPinHash) !== claim.pin) return ended;
  const session = resumeKioskSession(kiosk.db, kiosk.kiosk.id, claim.sessionId, now);
  if (!session || session.residentId !== resident.id) return ended;
  return { ok: true, ctx: kioskTurnContext(kiosk, session, resident, holdMs, now), resumed: true };
}

/**
 * For resource routes reached without /api in their path: signed out is 401, not a redirect. Its
 * words are English; `apiFailureOf(request)` says them in the requester's language.
 */
export function asApiFailure(thrown: unknown): never {
  if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
    throw signInRequired("Sign in required");
  throw thrown;
}

/** asApiFailure, with the 401's words in the requester's language: `.catch(apiFailureOf(request))`. */
export function apiFailureOf(request: Request) {
  return async (thrown: unknown): Promise<never> => {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      throw signInRequired((await getT(request, "errors"))("signInRequired"));
    throw thrown;
  };
}

function signInRequired(message: string) {
  return new Response(message, {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
