// Invitations end to end through the route modules: the administrator adds a family member, sees
// the one-time link once, and the family member chooses a password there and lands on /family.
// Residents added by staff get a sign-in the same way, when staff make a sign-in link for them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser, findUserForLogin } from "~/models/user.server";
import { controlSchema, getControlDb, getTenantDb } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as newFamilyRoute from "~/routes/_community+/admin+/families.new";
import * as invitationRoute from "~/routes/_community+/admin+/families.$memberId_.invitation";
import * as residentLinkRoute from "~/routes/_community+/staff+/residents.$residentId_.invitation";
import * as residentsRoute from "~/routes/_community+/staff+/residents";
import { setResidentActive } from "~/models/resident.server";
import * as inviteRoute from "~/routes/_auth+/invite";
import * as storyReviewRoute from "~/routes/_community+/admin+/stories.$storyId";

let dir: string;
let residentId: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

async function settle<T>(p: Promise<T>): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signIn(origin: string, username: string, password: string) {
  const body = new URLSearchParams({ username, password });
  const res = (await loginRoute.action(
    args(new Request(`${origin}/login`, { method: "POST", body })),
  )) as Response;
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

function form(url: string, cookie: string, fields: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
}

beforeAll(async () => {
  dir = useTempDataDir();
  const alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  await createUser({
    tenantId: alpha.id,
    username: "alice",
    email: "a@x.example",
    displayName: "Alice Admin",
    role: "administrator",
    password: "alpha-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "sid",
    email: "s@x.example",
    displayName: "Sid Staff",
    role: "staff",
    password: "staff-password",
  });
  residentId = createResident(getTenantDb(alpha), { firstName: "Rose", lastName: "Hill" }).id;
});
afterAll(() => cleanupDataDir(dir));

async function addFamilyMember(cookie: string, name: string, email: string) {
  const res = (await newFamilyRoute.action(
    args(form(`${A}/admin/families/new`, cookie, { residentId, name, email, relationship: "Son" })),
  )) as Response;
  expect(res.status).toBe(302);
  const location = res.headers.get("Location")!;
  const memberId = location.match(/\/admin\/families\/([^/]+)\/invitation$/)![1]!;
  const pageRequest = new Request(`${A}${location}`, {
    headers: { Cookie: `${cookie}; ${cookiesOf(res)}` },
  });
  const page = (await invitationRoute.loader(args(pageRequest, { memberId }))) as unknown as {
    data: { invitation: { url: string; username: string } | null };
  };
  return {
    memberId,
    invitation: page.data.invitation!,
    cookieWithFlash: `${cookie}; ${cookiesOf(res)}`,
  };
}

function tokenOf(url: string) {
  return new URL(url).searchParams.get("token")!;
}

describe("family invitations", () => {
  it("adds the member with a password-less sign-in and shows the link once", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const { memberId, invitation } = await addFamilyMember(
      cookie,
      "Dan Hill",
      "Dan.Hill@family.example",
    );
    expect(invitation.url).toMatch(
      /^http:\/\/alpha\.storyloom\.localhost:3000\/invite\?token=[\w-]{40,}$/,
    );
    expect(invitation.username).toBe("dan.hill");
    const user = findUserForLogin(
      "dan.hill",
      getControlDb()
        .select()
        .from(controlSchema.communities)
        .where(eq(controlSchema.communities.subdomain, "alpha"))
        .get()!.id,
    )!;
    expect(user).toMatchObject({ role: "family", passwordHash: null });
    // the account signs in as the member record it was made for
    expect(
      getControlDb()
        .select()
        .from(controlSchema.familyLinks)
        .where(eq(controlSchema.familyLinks.userId, user.id))
        .all()
        .map((l) => [l.familyMemberId, !!l.confirmedAt]),
    ).toEqual([[memberId, true]]);
    // without the flash cookie the page has no link to show
    const again = (await invitationRoute.loader(
      args(
        new Request(`${A}/admin/families/${memberId}/invitation`, { headers: { Cookie: cookie } }),
        { memberId },
      ),
    )) as unknown as { data: { invitation: unknown; account: { status: string } } };
    expect(again.data.invitation).toBeNull();
    expect(again.data.account.status).toBe("invited");
  });

  it("lets the member choose a password once, signs them in and lands on /family", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const { invitation } = await addFamilyMember(cookie, "Eve Hill", "eve@family.example");
    const token = tokenOf(invitation.url);

    const view = await inviteRoute.loader(args(new Request(`${A}/invite?token=${token}`)));
    expect(view).toMatchObject({ ok: true, username: "eve", name: "Eve Hill" });
    // the link belongs to its community's host
    expect(await inviteRoute.loader(args(new Request(`${B}/invite?token=${token}`)))).toMatchObject(
      { ok: false, reason: "This invitation link is for another site." },
    );

    const weak = (await inviteRoute.action(
      args(form(`${A}/invite`, "", { token, password: "short", confirmPassword: "short" })),
    )) as { result: { error: Record<string, string[]> } };
    expect(weak.result.error.password).toEqual(["Use at least 10 characters"]);

    const res = (await inviteRoute.action(
      args(
        form(`${A}/invite`, "", {
          token,
          password: "eve-chosen-password",
          confirmPassword: "eve-chosen-password",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/family");
    expect(cookiesOf(res)).toMatch(/storyloom_session=/);
    const user = findUserForLogin(
      "eve",
      getControlDb()
        .select()
        .from(controlSchema.communities)
        .where(eq(controlSchema.communities.subdomain, "alpha"))
        .get()!.id,
    )!;
    expect(await verifyPassword("eve-chosen-password", user.passwordHash)).toBe(true);

    const reused = (await inviteRoute.action(
      args(
        form(`${A}/invite`, "", {
          token,
          password: "someone-elses-pass",
          confirmPassword: "someone-elses-pass",
        }),
      ),
    )) as { reason: string };
    expect(reused.reason).toMatch(/already/);
    expect(
      await verifyPassword(
        "eve-chosen-password",
        findUserForLogin("eve", user.tenantId)!.passwordHash,
      ),
    ).toBe(true);
  });

  it("a new link works and replaces the earlier one, which is refused as revoked", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const { memberId, invitation } = await addFamilyMember(
      cookie,
      "Fin Hill",
      "fin@family.example",
    );
    const res = (await invitationRoute.action(
      args(form(`${A}/admin/families/${memberId}/invitation`, cookie, { intent: "reissue" }), {
        memberId,
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const page = (await invitationRoute.loader(
      args(
        new Request(`${A}/admin/families/${memberId}/invitation`, {
          headers: { Cookie: `${cookie}; ${cookiesOf(res)}` },
        }),
        { memberId },
      ),
    )) as unknown as { data: { invitation: { url: string } } };
    const fresh = page.data.invitation.url;
    expect(fresh).not.toBe(invitation.url);
    expect(
      await inviteRoute.loader(args(new Request(`${A}/invite?token=${tokenOf(invitation.url)}`))),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/replaced by a newer one/) });
    const done = (await inviteRoute.action(
      args(
        form(`${A}/invite`, "", {
          token: tokenOf(fresh),
          password: "fin-chosen-password",
          confirmPassword: "fin-chosen-password",
        }),
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect(
      await inviteRoute.loader(args(new Request(`${A}/invite?token=${tokenOf(invitation.url)}`))),
    ).toMatchObject({ ok: false });
  });

  it("an expired link is refused", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const { invitation } = await addFamilyMember(cookie, "Gia Hill", "gia@family.example");
    getControlDb()
      .update(controlSchema.loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(controlSchema.loginTokens.purpose, "invite"))
      .run();
    expect(
      await inviteRoute.loader(args(new Request(`${A}/invite?token=${tokenOf(invitation.url)}`))),
    ).toMatchObject({ ok: false, reason: "This invitation link has expired." });
  });

  it("invalid input adds nobody and names the rules", async () => {
    const cookie = await signIn(A, "alice", "alpha-password");
    const reply = (await newFamilyRoute.action(
      args(form(`${A}/admin/families/new`, cookie, { residentId, name: "", email: "nope" })),
    )) as { error: Record<string, string[]> };
    expect(reply.error).toMatchObject({
      "": ["Failed to add family member"],
      name: ["Name is required"],
      email: ["Enter a valid email address"],
    });
    const unknown = (await newFamilyRoute.action(
      args(
        form(`${A}/admin/families/new`, cookie, {
          residentId: "nobody",
          name: "X",
          email: "x@family.example",
        }),
      ),
    )) as { error: Record<string, string[]> };
    expect(unknown.error.residentId).toEqual(["Choose a resident from the list"]);
    expect(
      findUserForLogin(
        "x",
        getControlDb()
          .select()
          .from(controlSchema.communities)
          .where(eq(controlSchema.communities.subdomain, "alpha"))
          .get()!.id,
      ),
    ).toBeUndefined();
  });

  it("staff cannot use the administrator's story review", async () => {
    const cookie = await signIn(A, "sid", "staff-password");
    const res = await settle(
      storyReviewRoute.action(
        args(form(`${A}/admin/stories/any`, cookie, { intent: "approve" }), { storyId: "any" }),
      ),
    );
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(403);
  });
});

describe("resident sign-in links", () => {
  const alphaId = () =>
    getControlDb()
      .select()
      .from(controlSchema.communities)
      .where(eq(controlSchema.communities.subdomain, "alpha"))
      .get()!.id;
  const alphaDb = () =>
    getTenantDb(
      getControlDb()
        .select()
        .from(controlSchema.communities)
        .where(eq(controlSchema.communities.subdomain, "alpha"))
        .get()!,
    );

  async function makeLink(cookie: string, id: string) {
    const res = (await residentLinkRoute.action(
      args(form(`${A}/staff/residents/${id}/invitation`, cookie, { intent: "reissue" }), {
        residentId: id,
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/staff/residents/${id}/invitation`);
    const pageRequest = new Request(`${A}/staff/residents/${id}/invitation`, {
      headers: { Cookie: `${cookie}; ${cookiesOf(res)}` },
    });
    return (await residentLinkRoute.loader(args(pageRequest, { residentId: id }))) as unknown as {
      data: {
        invitation: { url: string; username: string } | null;
        account: { status: string; username: string } | null;
      };
    };
  }

  it("a resident added by staff has no sign-in until staff make a link; the link makes a password-less account", async () => {
    const cookie = await signIn(A, "sid", "staff-password");
    const ruth = createResident(alphaDb(), { firstName: "Ruth", lastName: "O'Brien-Lee" });
    const before = (await residentLinkRoute.loader(
      args(
        new Request(`${A}/staff/residents/${ruth.id}/invitation`, { headers: { Cookie: cookie } }),
        { residentId: ruth.id },
      ),
    )) as unknown as {
      data: { account: unknown; invitation: unknown };
    };
    expect(before.data).toMatchObject({ account: null, invitation: null });
    const list = (await residentsRoute.loader(
      args(new Request(`${A}/staff/residents`, { headers: { Cookie: cookie } })),
    )) as { residents: { id: string; signIn: string }[] };
    expect(list.residents.find((r) => r.id === ruth.id)?.signIn).toBe("none");

    const page = await makeLink(cookie, ruth.id);
    expect(page.data.invitation!.url).toMatch(
      /^http:\/\/alpha\.storyloom\.localhost:3000\/invite\?token=[\w-]{40,}$/,
    );
    expect(page.data.invitation!.username).toBe("ruth.obrien-lee");
    expect(findUserForLogin("ruth.obrien-lee", alphaId())).toMatchObject({
      role: "resident",
      residentId: ruth.id,
      passwordHash: null,
      displayName: "Ruth O'Brien-Lee",
    });
    const listed = (await residentsRoute.loader(
      args(new Request(`${A}/staff/residents`, { headers: { Cookie: cookie } })),
    )) as { residents: { id: string; signIn: string }[] };
    expect(listed.residents.find((r) => r.id === ruth.id)?.signIn).toBe("invited");
    // a second link is for the same account
    const second = await makeLink(cookie, ruth.id);
    expect(second.data.invitation!.username).toBe("ruth.obrien-lee");
    expect(second.data.invitation!.url).not.toBe(page.data.invitation!.url);
  });

  it("the resident chooses a password, lands on /resident and signs in with it; no further link is made", async () => {
    const cookie = await signIn(A, "sid", "staff-password");
    const walt = createResident(alphaDb(), { firstName: "Walter", lastName: "Hill" });
    const page = await makeLink(cookie, walt.id);
    const token = tokenOf(page.data.invitation!.url);
    expect(await inviteRoute.loader(args(new Request(`${A}/invite?token=${token}`)))).toMatchObject(
      { ok: true, role: "resident", name: "Walter Hill", username: "walter.hill" },
    );
    const res = (await inviteRoute.action(
      args(
        form(`${A}/invite`, "", {
          token,
          password: "walter-chosen-pw",
          confirmPassword: "walter-chosen-pw",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/resident");
    await signIn(A, "walter.hill", "walter-chosen-pw");
    const refused = (await residentLinkRoute.action(
      args(form(`${A}/staff/residents/${walt.id}/invitation`, cookie, { intent: "reissue" }), {
        residentId: walt.id,
      }),
    )) as Response;
    expect(refused.status).toBe(302);
    expect(cookiesOf(refused)).not.toMatch(/invitation/);
    expect(findUserForLogin("walter.hill", alphaId())!.passwordHash).not.toBeNull();
  });

  it("an inactive or unknown resident gets no link, and nothing is made", async () => {
    const cookie = await signIn(A, "sid", "staff-password");
    const gone = createResident(alphaDb(), { firstName: "Iris", lastName: "Gone" });
    setResidentActive(alphaDb(), gone.id, false);
    const res = (await residentLinkRoute.action(
      args(form(`${A}/staff/residents/${gone.id}/invitation`, cookie, { intent: "reissue" }), {
        residentId: gone.id,
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(findUserForLogin("iris.gone", alphaId())).toBeUndefined();
    const unknown = (await residentLinkRoute.action(
      args(form(`${A}/staff/residents/nobody/invitation`, cookie, { intent: "reissue" }), {
        residentId: "nobody",
      }),
    )) as Response;
    expect(unknown.headers.get("Location")).toBe("/staff/residents");
    // another community's staff cannot reach this community's residents
    const notHere = await settle(
      residentLinkRoute.loader(
        args(
          new Request(`${B}/staff/residents/${gone.id}/invitation`, {
            headers: { Cookie: cookie },
          }),
          { residentId: gone.id },
        ),
      ),
    );
    expect(notHere).toBeInstanceOf(Response);
    expect([302, 401, 403, 404]).toContain((notHere as Response).status);
  });
});
