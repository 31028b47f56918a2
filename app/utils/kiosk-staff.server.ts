// The kiosk's staff mode: a member of staff (or an administrator) takes the day's attendance on
// the lounge kiosk after confirming with their own username and password. Nobody is signed in:
// the kiosk holds a short signed cookie (this kiosk, this person, a fingerprint of their
// password), good for KIOSK_STAFF_IDLE_MS after their last page and renewed by each one. "End
// staff mode", the kiosk's home and a changed password or role end it; a form sent after it ran
// out keeps its marks and asks for the password again (ADR 030).
import { createCookie } from "@remix-run/node";
import { getUserById } from "./accounts.server";
import type { Community } from "./db.server";
import { env } from "./env.server";
import { sha256 } from "./ids.server";
import { COMMUNITY_STAFF_ROLES, roleIn } from "./roles";
import { sign, verify } from "./signed-token.server";

/** Staff mode ends this long after the last page a member of staff opened or sent. */
export const KIOSK_STAFF_IDLE_MS = 5 * 60_000;

let cookie: ReturnType<typeof createCookie> | null = null;
function staffCookie() {
  const { isProduction } = env();
  // the token inside is signed itself; the cookie only carries it, to the kiosk's pages only
  cookie ??= createCookie("storyloom_kiosk_staff", {
    path: "/kiosk",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
  });
  return cookie;
}

export type KioskStaff = { userId: string; displayName: string; username: string };

function passwordFingerprint(passwordHash: string | null): string {
  return sha256(`kiosk-staff:${passwordHash ?? ""}`).slice(0, 16);
}

/** The Set-Cookie that starts (or renews) staff mode for this person on this kiosk. */
export async function kioskStaffCookie(
  community: Pick<Community, "id">,
  kioskId: string,
  userId: string,
  now = Date.now(),
): Promise<string> {
  const user = getUserById(userId);
  if (!user) throw new Error("No such user");
  const token = sign(
    "kiosk-staff",
    [community.id, kioskId, user.id, passwordFingerprint(user.passwordHash)],
    { secret: env().SESSION_SECRET, expiresAt: now + KIOSK_STAFF_IDLE_MS },
  );
  return staffCookie().serialize(token, { maxAge: Math.round(KIOSK_STAFF_IDLE_MS / 1000) });
}

/** Whether the request carries a staff-mode cookie at all (good or not). */
export async function hasKioskStaffCookie(request: Request): Promise<boolean> {
  const token: unknown = await staffCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token !== "";
}

export async function clearKioskStaffCookie(): Promise<string> {
  return staffCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Who is in staff mode on this kiosk: a good, unexpired token of this community and kiosk, for
 * an active member of its staff whose password has not changed since. Else null.
 */
export async function readKioskStaff(
  request: Request,
  community: Pick<Community, "id">,
  kioskId: string,
  now = Date.now(),
): Promise<KioskStaff | null> {
  const token: unknown = await staffCookie().parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || !token) return null;
  const read = verify("kiosk-staff", token, {
    secret: env().SESSION_SECRET,
    fields: 4,
    expiring: true,
    now,
    maxLength: 400,
  });
  if (!read) return null;
  const [communityId, kiosk, userId, fingerprint] = read.fields as [string, string, string, string];
  if (communityId !== community.id || kiosk !== kioskId) return null;
  const user = getUserById(userId);
  if (
    !user ||
    !user.isActive ||
    user.tenantId !== community.id ||
    !roleIn(user.role, COMMUNITY_STAFF_ROLES) ||
    passwordFingerprint(user.passwordHash) !== fingerprint
  )
    return null;
  return { userId: user.id, displayName: user.displayName, username: user.username };
}
