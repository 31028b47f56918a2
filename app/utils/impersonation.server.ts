// Login-as in the open: a session opened by the super admin as a user carries who opened it, so
// every page shows a banner, and "Return to super admin" ends it and puts the super admin's own
// session back (see docs/decisions/014-staff-lists-and-login-as.md). The audit entries are
// written by the routes (models/audit.server.ts).
import { redirect } from "@remix-run/node";
import { getUserById, type UserRow } from "./accounts.server";
import { getSignedInSession } from "./auth.server";
import { communityOrigin, hostnameOf } from "./host.server";
import { homePathFor, ROLE } from "./roles";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  getSessionRow,
  loadSession,
  readSessionId,
  sessionCookie,
} from "./session.server";

export type Impersonation = {
  sessionId: string;
  impersonator: { id: string; displayName: string };
  returnSessionId: string | null;
};

/** When this request's session was opened by a super admin as its user: who did it. */
export async function impersonationOf(request: Request): Promise<Impersonation | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  // the row the signed-in check read already, when the session is live; else read as it is
  const row = (await getSignedInSession(request)) ?? getSessionRow(id);
  if (!row?.impersonatorUserId) return null;
  const impersonator = getUserById(row.impersonatorUserId);
  return {
    sessionId: row.id,
    impersonator: {
      id: row.impersonatorUserId,
      displayName: impersonator?.displayName || impersonator?.username || "the super admin",
    },
    returnSessionId: row.returnSessionId,
  };
}

/** The super admin's own live session on this host, if the request carries one (to go back to later). */
async function ownSessionOf(request: Request, impersonatorUserId: string): Promise<string | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const row = loadSession(id, hostnameOf(request), (userId) => {
    const user = getUserById(userId);
    return user && user.isActive ? user.role : null;
  });
  return row && row.userId === impersonatorUserId ? row.id : null;
}

/**
 * Opens the user's session on behalf of the super admin who asked for the login-as link. The
 * user's last sign-in is not touched: it was not them.
 */
export async function startImpersonatedSession(
  request: Request,
  user: UserRow,
  impersonatorUserId: string,
) {
  const returnSessionId = await ownSessionOf(request, impersonatorUserId);
  const { setCookie } = await createSession({
    userId: user.id,
    role: user.role,
    host: hostnameOf(request),
    userAgent: request.headers.get("user-agent"),
    ip: request.headers.get("x-real-ip") || null,
    impersonatorUserId,
    returnSessionId,
    // a visit: the browser forgets it when it closes, whatever the user's role
    persistent: false,
  });
  return redirect(homePathFor(user.role), { headers: { "Set-Cookie": setCookie } });
}

/**
 * Ends the login-as session and goes back to the super admin: to their own session on this host
 * when the login-as started here, else to the console on the main site, where their cookie is.
 */
export async function endImpersonation(request: Request, impersonation: Impersonation) {
  deleteSession(impersonation.sessionId);
  const back = impersonation.returnSessionId
    ? getSessionRow(impersonation.returnSessionId)
    : undefined;
  const host = hostnameOf(request);
  const impersonator = getUserById(impersonation.impersonator.id);
  if (
    back &&
    back.userId === impersonation.impersonator.id &&
    back.host === host &&
    impersonator?.role === ROLE.superAdmin &&
    Date.parse(back.expiresAt) > Date.now()
  ) {
    // until the browser closes, as a super admin's sign-in is unless they ticked "Keep me signed
    // in" (the row does not say which; the absolute limit applies either way)
    const setCookie = await sessionCookie().serialize(back.id);
    return redirect("/super-admin/users", { headers: { "Set-Cookie": setCookie } });
  }
  return redirect(`${communityOrigin(request, null)}/super-admin/users`, {
    headers: { "Set-Cookie": await clearSessionCookie() },
  });
}
