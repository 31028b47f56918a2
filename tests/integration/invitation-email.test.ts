// Invitations by email: adding a family member queues her invitation (with the link, in her
// language, without an unsubscribe footer); a new link revokes the earlier ones; Revoke stops a
// pending one; opening a link is recorded; the families list and its CSV say where each stands; a
// resident with an email gets her link by email; the super admin's Add Staff names the new
// administrator and emails her link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser, getUserById } from "~/models/user.server";
import {
  addFamilyMemberWithInvitation,
  emailFamilyInvitation,
  findFamilyAccount,
  residentInvitation,
} from "~/models/invitation.server";
import { inviteStaffMember } from "~/models/super-admin.server";
import { StaffScreenSchema } from "~/models/super-admin-forms.server";
import { invitationState } from "~/routes/_community+/__care-team/families-list.server";
import { NO_SIGN_IN } from "~/models/sign-in-state.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import { sha256 } from "~/utils/ids.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as inviteRoute from "~/routes/_auth+/invite";
import * as familiesRoute from "~/routes/_community+/admin+/families";
import * as familiesCsvRoute from "~/routes/_community+/admin+/families[.]csv";
import * as editFamilyRoute from "~/routes/_community+/admin+/families.$memberId";
import * as invitationRoute from "~/routes/_community+/admin+/families.$memberId_.invitation";
import * as residentLinkRoute from "~/routes/_community+/admin+/residents.$residentId_.invitation";
import * as newResidentRoute from "~/routes/_community+/admin+/residents.new";
import * as newStaffRoute from "~/routes/_community+/admin+/staff.new";
import * as editResidentRoute from "~/routes/_community+/admin+/residents.$residentId";

let dir: string;
let alpha: Community;
let residentId: string;
let aliceId: string;
let cookie: string;
const A = "http://alpha.storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const db = () => getTenantDb(alpha);
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const actor = () => ({ id: aliceId, client: { ip: "10.0.0.9", userAgent: "test" } });

function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function form(url: string, fields: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
}

function tokenRow(url: string) {
  return getControlDb()
    .select()
    .from(controlSchema.loginTokens)
    .where(eq(controlSchema.loginTokens.tokenHash, sha256(tokenOf(url))))
    .get()!;
}

function outboxTo(address: string) {
  return db()
    .select()
    .from(tenantSchema.emailOutbox)
    .where(eq(tenantSchema.emailOutbox.toAddress, address))
    .all();
}

function auditOf(action: string, targetUserId: string) {
  return getControlDb()
    .select()
    .from(controlSchema.auditLog)
    .where(
      and(
        eq(controlSchema.auditLog.action, action),
        eq(controlSchema.auditLog.targetUserId, targetUserId),
      ),
    )
    .all();
}

async function openLink(url: string) {
  return (await inviteRoute.loader(args(new Request(`${A}/invite?token=${tokenOf(url)}`)))) as {
    ok: boolean;
    reason?: string;
  };
}

async function addMember(name: string, email: string) {
  const added = await addFamilyMemberWithInvitation(
    A,
    db(),
    alpha,
    { residentId, name, email, relationship: "Daughter", phoneNumber: "503 555 0100" },
    actor(),
  );
  if (!added.added || !added.invitation) throw new Error("not added with an invitation");
  return { ...added, invitation: added.invitation };
}

async function listRow(name: string) {
  const res = (await familiesRoute.loader(
    args(
      new Request(`${A}/admin/families?q=${encodeURIComponent(name)}&status=all`, {
        headers: { Cookie: cookie },
      }),
    ),
  )) as {
    members: {
      name: string;
      email: string;
      phoneNumber: string | null;
      invitation: { label: string; stage: string | null };
    }[];
  };
  return res.members.find((m) => m.name === name)!;
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  aliceId = (
    await createUser({
      tenantId: alpha.id,
      username: "alice",
      email: "a@x.example",
      displayName: "Alice Admin",
      role: "administrator",
      password: "alpha-password",
    })
  ).id;
  residentId = createResident(db(), { firstName: "Rose", lastName: "Hill" }).id;
  const res = (await loginRoute.action(
    args(
      new Request(`${A}/login`, {
        method: "POST",
        body: new URLSearchParams({ username: "alice", password: "alpha-password" }),
      }),
    ),
  )) as Response;
  expect(res.status).toBe(302);
  cookie = cookiesOf(res);
});
afterAll(() => cleanupDataDir(dir));

describe("invitations by email", () => {
  it("adding a family member queues her invitation with the link, and audits it", async () => {
    const { member, invitation } = await addMember("Dana Hill", "dana@family.example");
    expect(invitation.email).toEqual({ sent: true, to: "dana@family.example" });
    const [mail, ...more] = outboxTo("dana@family.example");
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: "invitation", unsubscribeUrl: null, toName: "Dana Hill" });
    expect(mail!.subject).toBe("Your invitation to Alpha House");
    expect(mail!.textBody).toContain(invitation.url);
    expect(mail!.textBody).toContain("Rose Hill");
    expect(mail!.htmlBody).toContain(invitation.url.replace(/&/g, "&amp;"));
    expect(mail!.textBody).not.toMatch(/unsubscribe/i);
    expect(tokenRow(invitation.url).emailId).toBe(mail!.id);
    const account = findFamilyAccount(alpha.id, member.id)!;
    expect(auditOf("family.added", account.id)[0]?.details).toBe("Dana Hill, family of Rose Hill");
    expect(auditOf("invitation.created", account.id)).toHaveLength(1);
    expect(auditOf("invitation.sent", account.id)).toHaveLength(1);
  });

  it("is written in the community's default language for someone new", async () => {
    getControlDb()
      .update(controlSchema.communities)
      .set({ defaultLanguage: "es" })
      .where(eq(controlSchema.communities.id, alpha.id))
      .run();
    alpha = { ...alpha, defaultLanguage: "es" };
    try {
      await addMember("Elena Hill", "elena@family.example");
      expect(outboxTo("elena@family.example")[0]!.subject).toBe("Su invitación a Alpha House");
    } finally {
      getControlDb()
        .update(controlSchema.communities)
        .set({ defaultLanguage: "en" })
        .where(eq(controlSchema.communities.id, alpha.id))
        .run();
      alpha = { ...alpha, defaultLanguage: "en" };
    }
  });

  it("a new link revokes the earlier ones, which say so", async () => {
    const { member, invitation: first } = await addMember("Fay Hill", "fay@family.example");
    const second = (await emailFamilyInvitation(A, db(), alpha, member.id, actor()))!;
    const third = (await emailFamilyInvitation(A, db(), alpha, member.id, actor()))!;
    expect(outboxTo("fay@family.example")).toHaveLength(3);
    for (const old of [first, second]) {
      expect(tokenRow(old.url).revokedAt).not.toBeNull();
      expect(await openLink(old.url)).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/replaced by a newer one or revoked/),
      });
    }
    expect(await openLink(third.url)).toMatchObject({ ok: true });
    // null for an unknown member
    expect(await emailFamilyInvitation(A, db(), alpha, "nobody", actor())).toBeNull();
  });

  it("Revoke stops a pending invitation; the page then offers only a new link", async () => {
    const { member, invitation } = await addMember("Gwen Hill", "gwen@family.example");
    const page = `${A}/admin/families/${member.id}/invitation`;
    const before = (await invitationRoute.loader(
      args(new Request(page, { headers: { Cookie: cookie } }), { memberId: member.id }),
    )) as unknown as { data: { pending: boolean } };
    expect(before.data.pending).toBe(true);
    const res = (await invitationRoute.action(
      args(form(page, { intent: "revoke" }), { memberId: member.id }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(await openLink(invitation.url)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/revoked/),
    });
    const after = (await invitationRoute.loader(
      args(new Request(page, { headers: { Cookie: cookie } }), { memberId: member.id }),
    )) as unknown as { data: { pending: boolean } };
    expect(after.data.pending).toBe(false);
    const account = findFamilyAccount(alpha.id, member.id)!;
    expect(auditOf("invitation.revoked", account.id)).toHaveLength(1);
    expect((await listRow("Gwen Hill")).invitation).toMatchObject({
      label: "Revoked",
      stage: "revoked",
    });
  });

  it("opening a valid link is recorded once; the list says Sent, then Opened, then Accepted", async () => {
    const { invitation } = await addMember("Hana Hill", "hana@family.example");
    const row = await listRow("Hana Hill");
    expect(row.invitation.label).toMatch(/^Sent \w{3} \d+/);
    expect(row).toMatchObject({ email: "hana@family.example", phoneNumber: "503 555 0100" });
    expect(tokenRow(invitation.url).openedAt).toBeNull();
    expect(await openLink(invitation.url)).toMatchObject({ ok: true });
    const opened = tokenRow(invitation.url).openedAt;
    expect(opened).not.toBeNull();
    // a second look changes nothing, and nothing else changed: the link still works
    expect(await openLink(invitation.url)).toMatchObject({ ok: true });
    expect(tokenRow(invitation.url)).toMatchObject({ openedAt: opened, usedAt: null });
    expect((await listRow("Hana Hill")).invitation.label).toMatch(/^Opened \w{3} \d+/);

    const done = (await inviteRoute.action(
      args(
        new Request(`${A}/invite`, {
          method: "POST",
          body: new URLSearchParams({
            token: tokenOf(invitation.url),
            password: "hana-chosen-password",
            confirmPassword: "hana-chosen-password",
          }),
        }),
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect((await listRow("Hana Hill")).invitation.label).toBe("Accepted");
  });

  it("an expired link shows as Expired, in the list and the CSV", async () => {
    const { invitation } = await addMember("Iris Hill", "iris@family.example");
    getControlDb()
      .update(controlSchema.loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(controlSchema.loginTokens.tokenHash, sha256(tokenOf(invitation.url))))
      .run();
    expect((await listRow("Iris Hill")).invitation.label).toBe("Expired");
    const csv = await (
      (await familiesCsvRoute.loader(
        args(new Request(`${A}/admin/families.csv?status=all`, { headers: { Cookie: cookie } })),
      )) as Response
    ).text();
    expect(csv).toMatch(/Iris Hill,iris@family\.example,503 555 0100,.*Expired/);
    expect(csv).toMatch(/Gwen Hill,.*Revoked/);
    expect(csv).toMatch(/Hana Hill,.*Accepted/);
  });

  it("says Not sent (no email) for a link that could not be emailed", () => {
    const state = { ...NO_SIGN_IN, userId: "u", username: "x", status: "invited" as const };
    const link = {
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      openedAt: null,
      usedAt: null,
      revokedAt: null,
      emailed: false,
    };
    expect(
      invitationState(state, "UTC", new Date(), undefined, "en", { link, hasEmail: false }).label,
    ).toBe("Not sent (no email)");
  });

  it("editing a family member is audited with her name and the resident's", async () => {
    const { member } = await addMember("Jo Hill", "jo@family.example");
    const res = (await editFamilyRoute.action(
      args(
        form(`${A}/admin/families/${member.id}`, {
          residentId,
          name: "Jo Hill-Park",
          email: "jo@family.example",
        }),
        { memberId: member.id },
      ),
    )) as Response;
    expect(res.status).toBe(302);
    const account = findFamilyAccount(alpha.id, member.id)!;
    expect(auditOf("family.updated", account.id)[0]?.details).toBe(
      "Jo Hill-Park, family of Rose Hill",
    );
  });

  it("a resident with an email gets her sign-in link by email; one without is told why not", async () => {
    const withEmail = createResident(db(), {
      firstName: "Kay",
      lastName: "Lee",
      email: "kay@resident.example",
    });
    const out = await residentInvitation(A, db(), alpha, withEmail.id, actor());
    expect(out.ok && out.invitation.email).toEqual({ sent: true, to: "kay@resident.example" });
    const [mail] = outboxTo("kay@resident.example");
    expect(mail!.textBody).toContain(out.ok ? out.invitation.url : "?");

    const without = createResident(db(), { firstName: "Lou", lastName: "Lee" });
    const page = `${A}/admin/residents/${without.id}/invitation`;
    const res = (await residentLinkRoute.action(
      args(form(page, {}), { residentId: without.id }),
    )) as Response;
    const shown = (await residentLinkRoute.loader(
      args(new Request(page, { headers: { Cookie: `${cookie}; ${cookiesOf(res)}` } }), {
        residentId: without.id,
      }),
    )) as unknown as { data: { invitation: { email: unknown } } };
    expect(shown.data.invitation.email).toEqual({ sent: false, reason: "noEmail" });

    // Revoke works on the resident's page too
    const revoke = (await residentLinkRoute.action(
      args(form(page, { intent: "revoke" }), { residentId: without.id }),
    )) as Response;
    expect(revoke.status).toBe(302);
    const after = (await residentLinkRoute.loader(
      args(new Request(page, { headers: { Cookie: cookie } }), { residentId: without.id }),
    )) as unknown as { data: { pending: boolean } };
    expect(after.data.pending).toBe(false);
  });

  it("the resident forms take an optional email, checked, and keep what was typed", async () => {
    const multipart = (url: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
    };
    const bad = (await newResidentRoute.action(
      args(
        multipart(`${A}/admin/residents/new`, {
          firstName: "May",
          lastName: "Ross",
          email: "not-an-address",
        }),
      ),
    )) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(bad.error.email).toEqual(["Enter a valid email address"]);
    expect(bad.initialValue).toMatchObject({ firstName: "May", email: "not-an-address" });
    const res = (await newResidentRoute.action(
      args(
        multipart(`${A}/admin/residents/new`, {
          firstName: "May",
          lastName: "Ross",
          email: "may@resident.example",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    const may = db()
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.firstName, "May"))
      .get()!;
    expect(may.email).toBe("may@resident.example");
    // emptied on edit: no email
    const edited = (await editResidentRoute.action(
      args(
        multipart(`${A}/admin/residents/${may.id}`, {
          firstName: "May",
          lastName: "Ross",
          email: "",
        }),
        {
          residentId: may.id,
        },
      ),
    )) as Response;
    expect(edited.status).toBe(302);
    expect(
      db().select().from(tenantSchema.residents).where(eq(tenantSchema.residents.id, may.id)).get()!
        .email,
    ).toBeNull();
  });

  it("a staff member added with a sign-in link gets it by email, and the page says so", async () => {
    const reply = (await newStaffRoute.action(
      args(
        form(`${A}/admin/staff/new`, {
          displayName: "Sam Carer",
          username: "sam.carer",
          email: "sam@alpha.example",
          role: "staff",
          method: "link",
        }),
      ),
    )) as { created: { signIn: { url: string }; emailed: unknown } };
    expect(reply.created.emailed).toEqual({ sent: true, to: "sam@alpha.example" });
    const [mail] = outboxTo("sam@alpha.example");
    expect(mail).toMatchObject({ kind: "invitation", unsubscribeUrl: null });
    expect(mail!.textBody).toContain(reply.created.signIn.url);
    const userId = tokenRow(reply.created.signIn.url).userId;
    expect(auditOf("invitation.created", userId)).toHaveLength(1);
    expect(auditOf("invitation.sent", userId)).toHaveLength(1);
  });

  it("the super admin's Add Staff names the new administrator and emails her link", async () => {
    const root = await createUser({
      tenantId: null,
      username: "root",
      email: "root@x.example",
      displayName: "Root",
      role: "super_admin",
      password: "super-password",
    });
    const values = StaffScreenSchema.parse({
      tenantId: alpha.id,
      displayName: "Wendy Park",
      username: "wendy.admin",
      email: "wendy@alpha.example",
      role: "administrator",
    });
    const out = await inviteStaffMember({ ...root, sessionId: "s" } as never, values, {
      origin: (c) => `http://${c.subdomain}.storyloom.localhost:3000`,
      client: { ip: null, userAgent: null },
    });
    if (!out.ok) throw new Error(JSON.stringify(out.fieldErrors));
    expect(getUserById(out.user.id)).toMatchObject({
      displayName: "Wendy Park",
      email: "wendy@alpha.example",
      passwordHash: null,
    });
    expect(out.link.url).toMatch(/^http:\/\/alpha\.storyloom\.localhost:3000\/invite\?token=/);
    expect(out.email).toEqual({ sent: true, to: "wendy@alpha.example" });
    const [mail] = outboxTo("wendy@alpha.example");
    expect(mail).toMatchObject({ kind: "invitation", unsubscribeUrl: null });
    expect(mail!.textBody).toContain(out.link.url);
    expect(tokenRow(out.link.url).emailId).toBe(mail!.id);

    // a name is required and the email must be an address
    const bad = StaffScreenSchema.safeParse({
      tenantId: alpha.id,
      displayName: " ",
      username: "x.admin",
      email: "not-an-email",
      role: "administrator",
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["displayName", "email"]));
  });
});
