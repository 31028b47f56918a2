// Forgotten passwords through the route modules: "Forgot your password?" answers the same whether
// or not an account matches, emails each matching account a one-time link (1 hour, its own site
// only, a newer link revoking the older), choosing the password ends every session of the account
// and signs her in afresh; staff send a link from the person's page; asking too often is refused
// without saying whether the account exists.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createFamilyMember } from "~/models/family.server";
import { createUser, getUserById } from "~/models/user.server";
import { issueInviteLink, checkInvitation } from "~/models/invitation.server";
import { RESET_LIMITS } from "~/models/password-reset.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import { resolveHost } from "~/utils/host.server";
import { verifyPassword } from "~/utils/password.server";
import { listSessionsOfUser } from "~/utils/session.server";
import { getOptionalUser } from "~/utils/auth.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as forgotRoute from "~/routes/_auth+/forgot-password";
import * as resetRoute from "~/routes/_auth+/reset-password";
import * as adminFamilyLinkRoute from "~/routes/_community+/admin+/families.$memberId_.password-link";
import * as staffFamilyLinkRoute from "~/routes/_community+/staff+/families.$memberId_.password-link";
import * as staffLinkRoute from "~/routes/_community+/admin+/staff.$userId_.password-link";

let dir: string;
let alpha: Community;
let bravo: Community;
let residentId: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const M = "http://storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const { loginTokens, auditLog, users } = controlSchema;
const { emailOutbox } = tenantSchema;

let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never holds another. */
const newIp = () => `10.0.0.${++ipCounter}`;

function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function settle<T>(p: Promise<T>): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function signIn(origin: string, username: string, password: string, ip = newIp()) {
  const body = new URLSearchParams({ username, password });
  const res = (await loginRoute.action(
    args(new Request(`${origin}/login`, { method: "POST", body, headers: { "x-real-ip": ip } })),
  )) as Response;
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
}

async function forgot(origin: string, identifier: string, ip: string) {
  return settle(
    forgotRoute.action(
      args(post(`${origin}/forgot-password`, { identifier }, { "x-real-ip": ip })),
    ) as Promise<unknown>,
  );
}

function outbox(community: Community, toAddress?: string) {
  const db = getTenantDb(community);
  const rows = db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).all();
  return rows.filter((r) => r.kind === "password" && (!toAddress || r.toAddress === toAddress));
}

function linkIn(text: string): string {
  const m = /(http:\/\/[^\s]+\/reset-password\?token=[\w-]+)/.exec(text);
  expect(m, text).not.toBeNull();
  return m![1]!;
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

function resetTokens(userId: string) {
  return getControlDb()
    .select()
    .from(loginTokens)
    .where(and(eq(loginTokens.userId, userId), eq(loginTokens.purpose, "reset")))
    .all();
}

async function choose(origin: string, token: string, password: string, cookie = "") {
  return settle(
    resetRoute.action(
      args(
        post(
          `${origin}/reset-password`,
          { token, password, confirmPassword: password },
          cookie ? { Cookie: cookie } : {},
        ),
      ),
    ) as Promise<unknown>,
  );
}

let n = 0;
/** A family member of Rose with a password (or invited, without one). */
async function familyMember(opts: { password?: string; email?: string; language?: string } = {}) {
  n++;
  const email = opts.email ?? `kin${n}@family.example`;
  const member = createFamilyMember(getTenantDb(alpha), {
    residentId,
    name: `Kin ${n} Hill`,
    email,
    relationship: "Son",
  });
  const user = await createUser({
    tenantId: alpha.id,
    username: `kin${n}`,
    email,
    displayName: member.name,
    role: "family",
    familyMemberId: member.id,
    ...(opts.password ? { password: opts.password } : {}),
  });
  if (opts.language)
    getControlDb()
      .update(users)
      .set({ language: opts.language })
      .where(eq(users.id, user.id))
      .run();
  return { member, user };
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  bravo = createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  await createUser({
    tenantId: alpha.id,
    username: "alice",
    email: "alice@x.example",
    displayName: "Alice Admin",
    role: "administrator",
    password: "alpha-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "sid",
    email: "sid@x.example",
    displayName: "Sid Staff",
    role: "staff",
    password: "staff-password",
  });
  await createUser({
    tenantId: null,
    username: "root",
    email: "root@ops.example",
    displayName: "Root",
    role: "super_admin",
    password: "root-password-long",
  });
  residentId = createResident(getTenantDb(alpha), { firstName: "Rose", lastName: "Hill" }).id;
});
afterAll(() => cleanupDataDir(dir));

describe("asking for a link", () => {
  it("answers the same for an unknown name and writes no email", async () => {
    const { user } = await familyMember({ password: "kin-password-one" });
    const before = outbox(alpha).length;
    const unknown = (await forgot(A, "nobody-here", newIp())) as Response;
    expect(unknown.status).toBe(302);
    expect(outbox(alpha).length).toBe(before);
    // the username, in other letters' case: the same answer, and an email
    const askedAt = Date.now();
    const known = (await forgot(A, user.username.toUpperCase(), newIp())) as Response;
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));
    expect(known.headers.get("Location")).toBe("/forgot-password?sent=1");
    const sent = outbox(alpha, user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "password", unsubscribeUrl: null, toUserId: user.id });
    expect(sent[0]!.textBody).toContain(user.username);
    const url = linkIn(sent[0]!.textBody);
    expect(url.startsWith(`${A}/reset-password?token=`)).toBe(true);
    const [row] = resetTokens(user.id);
    expect(row!.emailId).toBe(sent[0]!.id);
    expect(row!.tenantId).toBe(alpha.id);
    // the link works for 1 hour
    const ttl = Date.parse(row!.expiresAt) - askedAt;
    expect(ttl).toBeGreaterThanOrEqual(3600_000);
    expect(ttl).toBeLessThan(3600_000 + 5_000);
    const audit = getControlDb()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "password.reset_requested"), eq(auditLog.targetUserId, user.id)),
      )
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBeNull();
    // the answer page is the same page, whoever asked
    const page = await forgotRoute.loader(args(new Request(`${A}/forgot-password?sent=1`)));
    expect(page).toMatchObject({ sent: true });
  });

  it("finds accounts by email, each with its own email naming its username", async () => {
    const shared = "Shared.Family@Example.org";
    const one = await familyMember({ password: "kin-password-one", email: shared });
    const two = await familyMember({ password: "kin-password-two", email: shared });
    const res = (await forgot(A, "shared.family@example.org", newIp())) as Response;
    expect(res.status).toBe(302);
    const sent = outbox(alpha, shared);
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.toUserId).sort()).toEqual([one.user.id, two.user.id].sort());
    for (const s of sent) {
      const username = s.toUserId === one.user.id ? one.user.username : two.user.username;
      expect(s.textBody).toContain(`username is ${username}`);
    }
  });

  it("writes in the recipient's language", async () => {
    const { user } = await familyMember({ password: "kin-password-es", language: "es" });
    await forgot(A, user.username, newIp());
    const [mail] = outbox(alpha, user.email);
    expect(mail!.subject).toMatch(/Elija una contraseña nueva/);
  });

  it("sends nothing to an inactive account, one without an email, or on another community's site", async () => {
    const off = await familyMember({ password: "kin-password-off" });
    getControlDb().update(users).set({ isActive: false }).where(eq(users.id, off.user.id)).run();
    const noMail = await familyMember({ password: "kin-password-nomail" });
    getControlDb().update(users).set({ email: "" }).where(eq(users.id, noMail.user.id)).run();
    const elsewhere = await familyMember({ password: "kin-password-else" });
    for (const [origin, name] of [
      [A, off.user.username],
      [A, noMail.user.username],
      [B, elsewhere.user.username],
    ] as const) {
      const res = (await forgot(origin, name, newIp())) as Response;
      expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    }
    expect(resetTokens(off.user.id)).toHaveLength(0);
    expect(resetTokens(noMail.user.id)).toHaveLength(0);
    expect(resetTokens(elsewhere.user.id)).toHaveLength(0);
    expect(outbox(bravo)).toHaveLength(0);
  });

  it("revokes an older link when a newer one is made", async () => {
    const { user } = await familyMember({ password: "kin-password-rev" });
    await forgot(A, user.username, newIp());
    const first = tokenOf(linkIn(outbox(alpha, user.email)[0]!.textBody));
    await forgot(A, user.email, newIp());
    const mails = outbox(alpha, user.email);
    expect(mails).toHaveLength(2);
    const second = tokenOf(linkIn(mails.find((m) => !m.textBody.includes(first))!.textBody));
    expect(second).not.toBe(first);
    const old = await resetRoute.loader(args(new Request(`${A}/reset-password?token=${first}`)));
    expect(old).toMatchObject({ ok: false, reason: expect.stringMatching(/newer link/) });
    const fresh = await resetRoute.loader(args(new Request(`${A}/reset-password?token=${second}`)));
    expect(fresh).toMatchObject({ ok: true, username: user.username });
    expect(resetTokens(user.id).filter((t) => t.revokedAt)).toHaveLength(1);
  });
});

describe("choosing the new password", () => {
  it("works once, ends every session, and signs her in afresh", async () => {
    const { user } = await familyMember({ password: "kin-password-old" });
    const phone = await signIn(A, user.username, "kin-password-old");
    const laptop = await signIn(A, user.username, "kin-password-old");
    expect(listSessionsOfUser(user.id)).toHaveLength(2);
    getControlDb()
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, user.id))
      .run();
    await forgot(A, user.username, newIp());
    const token = tokenOf(linkIn(outbox(alpha, user.email)[0]!.textBody));

    // opening the link changes nothing
    expect(
      await resetRoute.loader(args(new Request(`${A}/reset-password?token=${token}`))),
    ).toMatchObject({ ok: true, username: user.username });
    expect(resetTokens(user.id)[0]!.usedAt).toBeNull();

    // the same rules as the other password pages
    const weak = (await choose(A, token, "short")) as {
      result: { error: Record<string, string[]> };
    };
    expect(weak.result.error.password).toEqual(["Use at least 10 characters"]);

    const res = (await choose(A, token, "kin-brand-new-password", phone)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/family");
    const fresh = cookiesOf(res);
    expect(fresh).toMatch(/storyloom_session=/);
    expect(fresh).toMatch(/toast/);
    const after = getUserById(user.id)!;
    expect(await verifyPassword("kin-brand-new-password", after.passwordHash)).toBe(true);
    expect(after.mustChangePassword).toBe(false);
    // the two earlier sessions ended; only the new one lives
    expect(listSessionsOfUser(user.id)).toHaveLength(1);
    for (const cookie of [phone, laptop])
      expect(
        await getOptionalUser(new Request(`${A}/family`, { headers: { Cookie: cookie } })),
      ).toBeNull();
    const sessionCookie = fresh
      .split("; ")
      .filter((c) => c.startsWith("storyloom_session="))
      .join("; ");
    expect(
      await getOptionalUser(new Request(`${A}/family`, { headers: { Cookie: sessionCookie } })),
    ).toMatchObject({ id: user.id });
    expect(
      getControlDb()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "password.reset"), eq(auditLog.targetUserId, user.id)))
        .all(),
    ).toHaveLength(1);

    // single use
    const again = (await choose(A, token, "someone-elses-password")) as { reason: string };
    expect(again.reason).toMatch(/already been used/);
    expect(
      await resetRoute.loader(args(new Request(`${A}/reset-password?token=${token}`))),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/already been used/) });
    expect(await verifyPassword("kin-brand-new-password", getUserById(user.id)!.passwordHash)).toBe(
      true,
    );
  });

  it("refuses an expired link", async () => {
    const { user } = await familyMember({ password: "kin-password-exp" });
    await forgot(A, user.username, newIp());
    const token = tokenOf(linkIn(outbox(alpha, user.email)[0]!.textBody));
    getControlDb()
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(loginTokens.userId, user.id))
      .run();
    expect(
      await resetRoute.loader(args(new Request(`${A}/reset-password?token=${token}`))),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
    const res = (await choose(A, token, "kin-late-password-1")) as { reason: string };
    expect(res.reason).toMatch(/expired/);
    expect(await verifyPassword("kin-password-exp", getUserById(user.id)!.passwordHash)).toBe(true);
  });

  it("refuses a link on another community's site", async () => {
    const { user } = await familyMember({ password: "kin-password-site" });
    await forgot(A, user.username, newIp());
    const token = tokenOf(linkIn(outbox(alpha, user.email)[0]!.textBody));
    const view = await resetRoute.loader(args(new Request(`${B}/reset-password?token=${token}`)));
    expect(view).toMatchObject({ ok: false, reason: expect.stringMatching(/another site/) });
    expect(JSON.stringify(view)).not.toContain(user.username);
    const res = (await choose(B, token, "kin-other-site-pass")) as { reason: string };
    expect(res.reason).toMatch(/another site/);
    expect(await verifyPassword("kin-password-site", getUserById(user.id)!.passwordHash)).toBe(
      true,
    );
    // and on the marketing site
    expect(
      await resetRoute.loader(args(new Request(`${M}/reset-password?token=${token}`))),
    ).toMatchObject({ ok: false });
  });

  it("lets an invited account choose her password and closes her invitation", async () => {
    const { user } = await familyMember();
    const invite = await issueInviteLink(A, user, null, "Kin");
    expect(checkInvitation(resolveHost(new Request(`${A}/invite`)), invite.token).ok).toBe(true);
    await forgot(A, user.username, newIp());
    const token = tokenOf(linkIn(outbox(alpha, user.email)[0]!.textBody));
    const res = (await choose(A, token, "kin-invited-password")) as Response;
    expect(res.status).toBe(302);
    expect(await verifyPassword("kin-invited-password", getUserById(user.id)!.passwordHash)).toBe(
      true,
    );
    expect(checkInvitation(resolveHost(new Request(`${A}/invite`)), invite.token).ok).toBe(false);
  });

  it("gives a super admin her link on the marketing site only", async () => {
    const res = (await forgot(M, "root@ops.example", newIp())) as Response;
    expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    const root = getControlDb().select().from(users).where(eq(users.username, "root")).get()!;
    const [row] = resetTokens(root.id);
    expect(row!.tenantId).toBeNull();
    // her message goes out at once, written to the outbox folder without a mail server
    const folder = path.join(dir, "outbox", "www");
    for (let i = 0; i < 50 && !fs.existsSync(folder); i++)
      await new Promise((r) => setTimeout(r, 20));
    const files = fs.readdirSync(folder).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(folder, files[0]!), "utf8").replace(/=\r?\n/g, "");
    const token = /reset-password\?token=3D([\w-]+)|reset-password\?token=([\w-]+)/.exec(raw)!;
    const t = token[1] ?? token[2]!;
    expect(
      await resetRoute.loader(args(new Request(`${M}/reset-password?token=${t}`))),
    ).toMatchObject({ ok: true, username: "root" });
    expect(
      await resetRoute.loader(args(new Request(`${A}/reset-password?token=${t}`))),
    ).toMatchObject({ ok: false });
    // a super admin's name on a community's site names nobody there
    await forgot(A, "root", newIp());
    expect(resetTokens(root.id)).toHaveLength(1);
  });
});

describe("rate limits", () => {
  it("refuses a name asked for too often, known or not, in the same words", async () => {
    const { user } = await familyMember({ password: "kin-password-lim" });
    const answers: string[] = [];
    for (const name of [user.username, "no-such-person"]) {
      for (let i = 0; i < RESET_LIMITS.perIdentifier; i++) {
        const res = (await forgot(A, name, newIp())) as Response;
        expect(res.status).toBe(302);
      }
      const limited = (await forgot(A, name, newIp())) as {
        data: { error: Record<string, string[]> };
        init: { status: number };
      };
      expect(limited.init.status).toBe(429);
      answers.push(limited.data.error[""]![0]!);
    }
    expect(answers[0]).toMatch(/Too many requests.*wait 15 minutes/);
    expect(answers[0]).toBe(answers[1]);
    // her emails stopped at the hourly allowance, while the answer stayed the same
    expect(outbox(alpha, user.email)).toHaveLength(RESET_LIMITS.perAccount);
  });

  it("refuses one address asking too often", async () => {
    const ip = newIp();
    for (let i = 0; i < RESET_LIMITS.perAddress; i++) {
      const res = (await forgot(A, `someone-${i}`, ip)) as Response;
      expect(res.status).toBe(302);
    }
    const limited = (await forgot(A, "someone-else", ip)) as { init: { status: number } };
    expect(limited.init.status).toBe(429);
    const other = (await forgot(A, "someone-else", newIp())) as Response;
    expect(other.status).toBe(302);
  });
});

describe("staff send a link from the person's page", () => {
  it("an administrator emails a family member a link; audited as sent by her", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const { member, user } = await familyMember({ password: "kin-password-staff" });
    const page = await adminFamilyLinkRoute.loader(
      args(
        new Request(`${A}/admin/families/${member.id}/password-link`, {
          headers: { Cookie: cookie },
        }),
        { memberId: member.id },
      ),
    );
    expect(page).toMatchObject({ state: { username: user.username, refusal: null } });
    const res = (await adminFamilyLinkRoute.action(
      args(post(`${A}/admin/families/${member.id}/password-link`, {}, { Cookie: cookie }), {
        memberId: member.id,
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/families");
    const [mail] = outbox(alpha, user.email);
    expect(mail!.textBody).toMatch(/staff member/);
    const alice = getControlDb().select().from(users).where(eq(users.username, "alice")).get()!;
    const audit = getControlDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "password.reset_sent"), eq(auditLog.targetUserId, user.id)))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(alice.id);
    // the same hourly allowance as her own requests
    for (let i = 1; i < RESET_LIMITS.perAccount; i++)
      await adminFamilyLinkRoute.action(
        args(post(`${A}/admin/families/${member.id}/password-link`, {}, { Cookie: cookie }), {
          memberId: member.id,
        }),
      );
    const spent = (await adminFamilyLinkRoute.action(
      args(post(`${A}/admin/families/${member.id}/password-link`, {}, { Cookie: cookie }), {
        memberId: member.id,
      }),
    )) as { refused: string };
    expect(spent.refused).toMatch(/last hour/);
  });

  it("says why not for an invited member, and staff use the same page", async () => {
    const cookie = await signIn(A, "sid", "staff-password");
    const { member, user } = await familyMember();
    const page = await staffFamilyLinkRoute.loader(
      args(
        new Request(`${A}/staff/families/${member.id}/password-link`, {
          headers: { Cookie: cookie },
        }),
        { memberId: member.id },
      ),
    );
    expect(page).toMatchObject({ state: { refusal: expect.stringMatching(/not chosen/) } });
    const res = (await staffFamilyLinkRoute.action(
      args(post(`${A}/staff/families/${member.id}/password-link`, {}, { Cookie: cookie }), {
        memberId: member.id,
      }),
    )) as { refused: string };
    expect(res.refused).toMatch(/not chosen/);
    expect(resetTokens(user.id)).toHaveLength(0);
    // staff cannot send a link to a staff member: that page is the administrators'
    const sid = getControlDb().select().from(users).where(eq(users.username, "sid")).get()!;
    const refused = await settle(
      staffLinkRoute.action(
        args(post(`${A}/admin/staff/${sid.id}/password-link`, {}, { Cookie: cookie }), {
          userId: sid.id,
        }),
      ) as Promise<unknown>,
    );
    expect((refused as Response).status).toBe(403);
  });

  it("an administrator emails a staff member a link, not herself", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const sid = getControlDb().select().from(users).where(eq(users.username, "sid")).get()!;
    const alice = getControlDb().select().from(users).where(eq(users.username, "alice")).get()!;
    const res = (await staffLinkRoute.action(
      args(post(`${A}/admin/staff/${sid.id}/password-link`, {}, { Cookie: cookie }), {
        userId: sid.id,
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(outbox(alpha, "sid@x.example")).toHaveLength(1);
    const self = (await staffLinkRoute.action(
      args(post(`${A}/admin/staff/${alice.id}/password-link`, {}, { Cookie: cookie }), {
        userId: alice.id,
      }),
    )) as { refused: string };
    expect(self.refused).toMatch(/your own password/);
    // another community's administrator finds nobody
    const other = await settle(
      staffLinkRoute.loader(
        args(
          new Request(`${B}/admin/staff/${sid.id}/password-link`, { headers: { Cookie: cookie } }),
          { userId: sid.id },
        ),
      ) as Promise<unknown>,
    );
    expect([302, 403, 404]).toContain((other as Response).status);
  });
});
