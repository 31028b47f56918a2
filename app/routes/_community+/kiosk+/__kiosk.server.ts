// What the kiosk's screens share on the server: the frame's data, and the "I'm helping" check of a
// staff member's own password (counted like a sign-in: reserved before the hash, per account and
// address; see utils/sign-in-attempts.server.ts).
import type { Community } from "~/utils/db.server";
import { findUserForLogin } from "~/utils/accounts.server";
import crypto from "node:crypto";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { beginPasswordAttempt, tooManyAttemptsMessage } from "~/utils/sign-in-attempts.server";
import { COMMUNITY_STAFF_ROLES, roleIn } from "~/utils/roles";
import type { KioskRow } from "~/utils/kiosk.server";
import type { KioskFrameData } from "~/components/kiosk/KioskFrame";

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

export const HELPER_FAILED =
  "That username and password do not match a member of staff here. Please try again.";

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
  if (!username.trim() || !password)
    return { ok: false, message: "Please type your username and your password." };
  const attempt = await beginPasswordAttempt(request, { username });
  if (!attempt.ok) return { ok: false, message: tooManyAttemptsMessage(attempt.retryAfterSeconds) };
  const user = findUserForLogin(username, community.id);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummy()));
  if (
    !user ||
    !ok ||
    !user.isActive ||
    user.tenantId !== community.id ||
    !roleIn(user.role, COMMUNITY_STAFF_ROLES)
  ) {
    return { ok: false, message: HELPER_FAILED };
  }
  attempt.succeeded();
  return {
    ok: true,
    user: { id: user.id, displayName: user.displayName, username: user.username },
  };
}
