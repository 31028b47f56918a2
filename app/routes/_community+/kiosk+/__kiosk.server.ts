// What the kiosk's screens share on the server: the frame's data, the translator of a resident's
// turn, and the "I'm helping" check of a staff member's own password (counted like a sign-in:
// reserved before the hash, per account and address; see utils/sign-in-attempts.server.ts).
import type { Community, TenantDb } from "~/utils/db.server";
import { findUserForLogin } from "~/utils/accounts.server";
import crypto from "node:crypto";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { beginPasswordAttempt, tooManyAttemptsMessage } from "~/utils/sign-in-attempts.server";
import { COMMUNITY_STAFF_ROLES, roleIn } from "~/utils/roles";
import type { KioskRow } from "~/utils/kiosk.server";
import type { KioskFrameData } from "~/components/kiosk/KioskFrame";
import { getT, requestLanguage, resolveLanguage, translator } from "~/utils/i18n.server";
import { residentLanguageSubject } from "~/utils/kiosk-turn-language.server";
import type { T } from "~/utils/i18n";
import { writeAudit } from "~/models/audit.server";
import { clientOf } from "~/utils/host.server";
import { kioskStaffCookie, type KioskStaff } from "~/utils/kiosk-staff.server";

/**
 * The translator of a resident's turn: her language (her account's choice, else the one she
 * speaks), whatever the request's. For what an action says as her turn ends, or when a form of
 * an ended turn is sent: the request's own language is then the shared screens'.
 */
export async function residentT(
  request: Request,
  db: TenantDb,
  community: Pick<Community, "id" | "defaultLanguage">,
  residentId: string,
  ns = "kiosk",
): Promise<T> {
  const subject = residentLanguageSubject(db, community, residentId);
  return translator(await resolveLanguage(request, subject, community.defaultLanguage), ns);
}

export function frameOf(
  community: Pick<Community, "name">,
  kiosk: Pick<KioskRow, "name">,
  session?: {
    resident: { firstName: string; lastName: string };
    helper: { name: string } | null;
    secondsLeft: number;
    turnToken?: string;
  } | null,
  timer: KioskFrameData["timer"] = "countdown",
): KioskFrameData {
  return {
    communityName: community.name,
    kioskName: kiosk.name,
    resident: session
      ? { firstName: session.resident.firstName, lastName: session.resident.lastName }
      : null,
    helperName: session?.helper?.name ?? null,
    secondsLeft: session ? session.secondsLeft : null,
    turn: session?.turnToken ?? null,
    timer,
  };
}

// an unknown username still costs one hash, so the time taken does not tell which names exist
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(12).toString("hex")));

/** The first name a story shows: "told with help from Marcus". */
export function helperNameOf(displayName: string, username: string): string {
  return displayName.trim().split(/\s+/)[0] || username;
}

/** A member of this community's staff (staff or administrator) confirming with their own password. */
export async function verifyHelper(
  request: Request,
  community: Pick<Community, "id">,
  username: string,
  password: string,
): Promise<
  | { ok: true; user: { id: string; displayName: string; username: string } }
  | { ok: false; message: string }
> {
  // the shared screen's language: the browser's, or the community's
  const t = await getT(request, "kiosk");
  if (!username.trim() || !password) return { ok: false, message: t("help.missing") };
  const attempt = await beginPasswordAttempt(request, { username });
  if (!attempt.ok)
    return {
      ok: false,
      message: tooManyAttemptsMessage(attempt.retryAfterSeconds, await requestLanguage(request)),
    };
  const user = findUserForLogin(username, community.id);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummy()));
  if (
    !user ||
    !ok ||
    !user.isActive ||
    user.tenantId !== community.id ||
    !roleIn(user.role, COMMUNITY_STAFF_ROLES)
  ) {
    return { ok: false, message: t("help.failed") };
  }
  attempt.succeeded();
  return {
    ok: true,
    user: { id: user.id, displayName: user.displayName, username: user.username },
  };
}

/**
 * "Take attendance": a member of staff starts staff mode on this kiosk with their own username
 * and password (counted like a sign-in, and audited). The answer carries the cookie to send.
 */
export async function startStaffMode(
  request: Request,
  community: Pick<Community, "id">,
  kiosk: Pick<KioskRow, "id" | "name">,
  form: FormData,
): Promise<
  | { ok: true; staff: KioskStaff; setCookie: string }
  | { ok: false; message: string; username: string }
> {
  const username = String(form.get("username") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "").slice(0, 1000);
  const helper = await verifyHelper(request, community, username, password);
  if (!helper.ok) return { ok: false, message: helper.message, username };
  writeAudit({
    client: clientOf(request),
    actorUserId: helper.user.id,
    action: "kiosk.staff_mode",
    tenantId: community.id,
    details: kiosk.name,
  });
  return {
    ok: true,
    staff: {
      userId: helper.user.id,
      displayName: helper.user.displayName,
      username: helper.user.username,
    },
    setCookie: await kioskStaffCookie(community, kiosk.id, helper.user.id),
  };
}

/** The kiosk's frame in staff mode: no resident, the member of staff named, "End staff mode". */
export function staffFrameOf(
  community: Pick<Community, "name">,
  kiosk: Pick<KioskRow, "name">,
  staff: KioskStaff | null,
): KioskFrameData {
  return {
    ...frameOf(community, kiosk),
    staffName: staff ? helperNameOf(staff.displayName, staff.username) : null,
  };
}
