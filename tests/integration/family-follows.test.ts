// One family account, several residents: an email that already signs in here is added to the new
// resident's family on the same account, waiting for her to confirm; once she does, she switches
// between them, reads and answers both residents' family stories, and the digest covers both.
// Declining, a first invitation not yet accepted, removing a resident or a record, merging two
// old accounts of one person, and another community's account are covered too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser, getUserById, setPassword } from "~/models/user.server";
import { addFamilyMemberWithInvitation, emailFamilyInvitation } from "~/models/invitation.server";
import { approveStory, createStory, getReadableStory } from "~/models/story.server";
import { addComment, setReaction } from "~/models/comment.server";
import { planDigest, renderDigest } from "~/models/digest.server";
import { deleteFamilyMember, getFamilyMember } from "~/models/family.server";
import { duplicateFamilyAccounts } from "~/models/family-merge.server";
import { linksOfAccount } from "~/models/family-links.server";
import { linkedSignInStates } from "~/models/sign-in-state.server";
import { eraseResident } from "~/models/erasure.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import { readToast } from "~/utils/toast.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as familyRoute from "~/routes/_community+/family+/_index";
import * as gazetteRoute from "~/routes/_community+/family+/gazette";
import * as familiesRoute from "~/routes/_community+/admin+/families";
import * as newFamilyRoute from "~/routes/_community+/admin+/families.new";
import * as mergeRoute from "~/routes/_community+/admin+/families_.merge";

let dir: string;
let alpha: Community;
let beta: Community;
let adminId: string;
let adminCookie: string;
let mum: string;
let dad: string;
let aunt: string;
const A = "http://alpha.storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const db = () => getTenantDb(alpha);
const actor = () => ({ id: adminId, client: { ip: "10.0.0.9", userAgent: "test" } });

function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signIn(username: string, password: string) {
  const res = (await loginRoute.action(
    args(
      new Request(`${A}/login`, {
        method: "POST",
        body: new URLSearchParams({ username, password }),
      }),
    ),
  )) as Response;
  expect(res.status, `${username} signs in`).toBe(302);
  return cookiesOf(res);
}

const get = (path: string, cookie: string) =>
  new Request(`${A}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  new Request(`${A}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });

type FamilyPage = Awaited<ReturnType<typeof familyRoute.loader>>;
async function familyPage(cookie: string, query = ""): Promise<FamilyPage> {
  return familyRoute.loader(args(get(`/family${query}`, cookie)));
}

function publish(residentId: string, title: string, audience: "family" | "community" = "family") {
  const story = createStory(db(), {
    residentId,
    title,
    content: `${title}: the words of it.`,
    category: "family",
    author: { id: adminId, username: "alice", displayName: "Alice Admin" },
    audience,
  });
  approveStory(db(), story.id, { id: adminId, displayName: "Alice Admin" });
  return story.id;
}

async function addMember(
  residentId: string,
  name: string,
  email: string,
  relationship = "Daughter",
) {
  return addFamilyMemberWithInvitation(
    A,
    db(),
    alpha,
    { residentId, name, email, relationship },
    actor(),
  );
}

function viewerOf(userId: string) {
  const u = getUserById(userId)!;
  const ids = linksOfAccount(alpha.id, u.id)
    .filter((l) => l.confirmedAt)
    .map((l) => l.familyMemberId);
  return { ...u, familyMemberIds: ids, familyMemberId: ids[0] ?? null };
}

let sarahId: string;
let sarahCookie: string;
let dadMemberId: string;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  beta = createCommunity({ name: "Beta Court", subdomain: "beta" });
  adminId = (
    await createUser({
      tenantId: alpha.id,
      username: "alice",
      email: "alice@x.example",
      displayName: "Alice Admin",
      role: ROLE.administrator,
      password: "alpha-admin-password",
    })
  ).id;
  adminCookie = await signIn("alice", "alpha-admin-password");
  mum = createResident(db(), { firstName: "Margaret", lastName: "Ellis" }).id;
  dad = createResident(db(), { firstName: "George", lastName: "Ellis" }).id;
  aunt = createResident(db(), { firstName: "Iris", lastName: "Vale" }).id;
});
afterAll(() => cleanupDataDir(dir));

describe("an email that already signs in here, invited for a second resident", () => {
  it("joins her existing account (no second account), waits for her, tells her and the administrator", async () => {
    const first = await addMember(mum, "Sarah Ellis", "sarah.ellis@family.example");
    if (!first.added || !first.invitation) throw new Error("first invitation");
    sarahId = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, first.invitation.username))
      .get()!.id;
    await setPassword(sarahId, "sarah-garden-lantern");

    // the administrator's screen, with the address typed in capitals
    const res = (await newFamilyRoute.action(
      args(
        post("/admin/families/new", adminCookie, {
          residentId: dad,
          name: "Sarah Ellis",
          email: "SARAH.ELLIS@family.example",
          relationship: "Daughter",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/families");
    const toast = (await readToast(new Request(A, { headers: { Cookie: cookiesOf(res) } }))).toast;
    expect(toast?.description).toMatch(/already signs in here as sarah\.ellis/);
    expect(toast?.description).toMatch(/George Ellis was added to that account/);
    expect(toast?.description).toMatch(/An email went to SARAH\.ELLIS@family\.example/);

    const family = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(
        and(eq(controlSchema.users.tenantId, alpha.id), eq(controlSchema.users.role, ROLE.family)),
      )
      .all();
    expect(family.map((u) => u.username)).toEqual(["sarah.ellis"]);
    const links = linksOfAccount(alpha.id, sarahId);
    expect(links).toHaveLength(2);
    dadMemberId = links[1]!.familyMemberId;
    expect(getFamilyMember(db(), dadMemberId)?.residentId).toBe(dad);
    expect(links[1]!.confirmedAt).toBeNull();

    // told by email, with no link that signs her in
    const mail = db()
      .select()
      .from(tenantSchema.emailOutbox)
      .where(eq(tenantSchema.emailOutbox.toUserId, sarahId))
      .all()
      .find((m) => /George/.test(m.subject))!;
    expect(mail.subject).toBe("Alpha House: follow George Ellis too?");
    expect(mail.textBody).toMatch(/added George Ellis to your family account \(sarah\.ellis\)/);
    expect(mail.textBody).not.toMatch(/token=/);

    // the families list says where it stands
    const states = linkedSignInStates(alpha.id, ROLE.family, [dadMemberId]);
    expect(states.get(dadMemberId)?.status).toBe("waiting");
    const list = (await familiesRoute.loader(args(get("/admin/families", adminCookie)))) as {
      members: { id: string; invitation: { label: string } }[];
    };
    expect(list.members.find((m) => m.id === dadMemberId)?.invitation.label).toBe(
      "Added to sarah.ellis: waiting for confirmation",
    );
  });

  it("before she confirms, she sees only her mother; her father's family stories stay closed", async () => {
    const dadStory = publish(dad, "The allotment on Hill Street");
    sarahCookie = await signIn("sarah.ellis@family.example", "sarah-garden-lantern");
    const page = await familyPage(sarahCookie);
    expect(page.resident.id).toBe(mum);
    expect(page.follows.map((f) => f.resident.id)).toEqual([mum]);
    expect(page.waiting).toEqual([
      { memberId: dadMemberId, residentName: "George Ellis", relationship: "Daughter" },
    ]);
    // asking for his page by address shows her mother's
    expect((await familyPage(sarahCookie, `?resident=${dad}`)).resident.id).toBe(mum);
    expect(getReadableStory(db(), viewerOf(sarahId), dadStory)).toBeNull();
  });

  it("once she confirms, one sign-in follows both: the switcher, the remembered choice, both stories", async () => {
    const res = (await familyRoute.action(
      args(post("/family", sarahCookie, { intent: "confirm-follow", memberId: dadMemberId })),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/family?resident=${dad}`);
    // the same answer again (a second tap) changes nothing
    const again = (await familyRoute.action(
      args(post("/family", sarahCookie, { intent: "confirm-follow", memberId: dadMemberId })),
    )) as Response;
    expect(again.headers.get("Location")).toBe("/family");

    const onDad = await familyPage(sarahCookie);
    expect(onDad.resident.id).toBe(dad);
    expect(onDad.follows.map((f) => f.resident.firstName)).toEqual(["Margaret", "George"]);
    expect(onDad.waiting).toEqual([]);
    expect(onDad.stories.map((s) => s.title)).toEqual(["The allotment on Hill Street"]);

    const onMum = await familyPage(sarahCookie, `?resident=${mum}`);
    expect(onMum.resident.id).toBe(mum);
    // remembered for her session: the gazette and /family follow her choice
    expect((await familyPage(sarahCookie)).resident.id).toBe(mum);
    const gazette = (await gazetteRoute.loader(args(get("/family/gazette", sarahCookie)))) as {
      gazette: { resident: { id: string } };
    };
    expect(gazette.gazette.resident.id).toBe(mum);
    const dadGazette = (await gazetteRoute.loader(
      args(get(`/family/gazette?resident=${dad}`, sarahCookie)),
    )) as { gazette: { resident: { id: string } } };
    expect(dadGazette.gazette.resident.id).toBe(dad);

    // she answers each resident's story as that resident's family
    const viewer = viewerOf(sarahId);
    const mumStory = publish(mum, "Dancing at the Palais");
    const dadStory = db()
      .select()
      .from(tenantSchema.stories)
      .where(eq(tenantSchema.stories.residentId, dad))
      .get()!.id;
    expect(getReadableStory(db(), viewer, dadStory)).not.toBeNull();
    const onHis = addComment(db(), viewer, dadStory, { content: "I remember the runner beans!" });
    const onHers = addComment(db(), viewer, mumStory, { content: "You never told me this." });
    expect(onHis.familyMember.relationship).toBe("Daughter");
    const commentRows = db().select().from(tenantSchema.comments).all();
    expect(commentRows.find((c) => c.id === onHis.id)?.familyMemberId).toBe(dadMemberId);
    expect(commentRows.find((c) => c.id === onHers.id)?.familyMemberId).not.toBe(dadMemberId);
    expect(setReaction(db(), viewer, dadStory, "❤️", "on").on).toBe(true);
  });

  it("what is new since her last visit is counted for each resident, and the digest covers both", async () => {
    // two of her mother's stories were shared after she last opened her mother's page
    await new Promise((r) => setTimeout(r, 5));
    publish(mum, "The day the King came to Leeds");
    const onDad = await familyPage(sarahCookie, `?resident=${dad}`);
    expect(onDad.news.find((n) => n.residentId === mum)).toMatchObject({
      newStories: 2,
      neverOpened: false,
    });
    // opening her mother's page counts them as seen
    await familyPage(sarahCookie, `?resident=${mum}`);
    const later = await familyPage(sarahCookie, `?resident=${dad}`);
    expect(later.news.find((n) => n.residentId === mum)?.newStories).toBe(0);

    const plan = planDigest(db(), alpha, {
      from: new Date(Date.now() - 3600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    const hers = plan.recipients.find((r) => r.userId === sarahId)!;
    expect(hers.residents.map((r) => r.firstName)).toEqual(["Margaret", "George"]);
    expect(hers.stories.map((s) => s.title).sort()).toEqual([
      "Dancing at the Palais",
      "The allotment on Hill Street",
      "The day the King came to Leeds",
    ]);
    const mail = renderDigest(alpha, hers);
    expect(mail.subject).toBe("This week at Alpha House: 3 new stories from Margaret and George");
    expect(mail.text).toMatch(/New stories from Margaret/);
    expect(mail.text).toMatch(/New stories from George/);
  });

  it('"This is not me" removes the waiting link and keeps the record without an account', async () => {
    await addMember(aunt, "Sarah Ellis", "sarah.ellis@family.example", "Niece");
    const waiting = linksOfAccount(alpha.id, sarahId).find((l) => !l.confirmedAt)!;
    const res = (await familyRoute.action(
      args(
        post("/family", sarahCookie, {
          intent: "decline-follow",
          memberId: waiting.familyMemberId,
        }),
      ),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/family");
    expect(linksOfAccount(alpha.id, sarahId)).toHaveLength(2);
    expect(getFamilyMember(db(), waiting.familyMemberId)?.residentId).toBe(aunt);
    expect(linkedSignInStates(alpha.id, ROLE.family, [waiting.familyMemberId]).size).toBe(0);
    // someone else's waiting link cannot be answered by her
    const other = await addMember(aunt, "Ola Lloyd", "ola@family.example", "Friend");
    if (!other.added) throw new Error("ola");
    const refused = (await familyRoute.action(
      args(post("/family", sarahCookie, { intent: "confirm-follow", memberId: other.member.id })),
    )) as Response;
    expect(refused.headers.get("Location")).toBe("/family");
    expect(linksOfAccount(alpha.id, sarahId)).toHaveLength(2);
  });
});

describe("the same email before her first invitation is accepted", () => {
  it("the second resident joins the same account at once and her one invitation covers both", async () => {
    const first = await addMember(mum, "Tom Ellis", "tom@family.example", "Son");
    const second = await addMember(dad, "Tom Ellis", "tom@family.example", "Son");
    if (!first.added || !first.invitation || !second.added || !second.invitation)
      throw new Error("tom");
    expect(second.invitation.username).toBe(first.invitation.username);
    const tom = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, "tom"))
      .get()!;
    expect(linksOfAccount(alpha.id, tom.id).map((l) => !!l.confirmedAt)).toEqual([true, true]);
  });
});

describe("records made without an account (an import), invited afterwards", () => {
  it("two parents' records with one email become one account; an account in use waits for her", async () => {
    const { createFamilyMember } = await import("~/models/family.server");
    const a = createResident(db(), { firstName: "Ada", lastName: "Moss" }).id;
    const b = createResident(db(), { firstName: "Bram", lastName: "Moss" }).id;
    const forA = createFamilyMember(db(), {
      residentId: a,
      name: "Lena Moss",
      email: "lena@family.example",
    });
    const forB = createFamilyMember(db(), {
      residentId: b,
      name: "Lena Moss",
      email: "LENA@family.example",
    });
    const first = await emailFamilyInvitation(A, db(), alpha, forA.id, actor());
    const second = await emailFamilyInvitation(A, db(), alpha, forB.id, actor());
    expect(second?.username).toBe(first?.username);
    const lena = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, first!.username))
      .get()!;
    expect(
      linksOfAccount(alpha.id, lena.id).map((l) => [l.familyMemberId, !!l.confirmedAt]),
    ).toEqual([
      [forA.id, true],
      [forB.id, true],
    ]);

    // once she signs in, a third record for her waits for her answer instead
    await setPassword(lena.id, "lena-harbour-lantern");
    const c = createResident(db(), { firstName: "Cora", lastName: "Moss" }).id;
    const forC = createFamilyMember(db(), {
      residentId: c,
      name: "Lena Moss",
      email: "lena@family.example",
    });
    expect(await emailFamilyInvitation(A, db(), alpha, forC.id, actor())).toBeNull();
    expect(
      linksOfAccount(alpha.id, lena.id).find((l) => l.familyMemberId === forC.id)?.confirmedAt,
    ).toBeNull();
    expect(
      db()
        .select()
        .from(tenantSchema.emailOutbox)
        .where(eq(tenantSchema.emailOutbox.toUserId, lena.id))
        .all()
        .some((m) => m.subject === "Alpha House: follow Cora Moss too?"),
    ).toBe(true);
  });
});

describe("removing", () => {
  it("a resident's erasure ends only that link; removing a record keeps an account that follows another", async () => {
    const iris = createResident(db(), { firstName: "Iris", lastName: "Low" }).id;
    const vera = createResident(db(), { firstName: "Vera", lastName: "Low" }).id;
    const a = await addMember(iris, "Nina Low", "nina@family.example");
    if (!a.added || !a.invitation) throw new Error("nina");
    const nina = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, a.invitation.username))
      .get()!;
    await setPassword(nina.id, "nina-orchard-lantern");
    await addMember(vera, "Nina Low", "nina@family.example");
    const [, veraLink] = linksOfAccount(alpha.id, nina.id);
    expect(eraseResident(db(), alpha, iris, { id: adminId })).toBe(true);
    expect(getUserById(nina.id)).toBeTruthy();
    expect(linksOfAccount(alpha.id, nina.id).map((l) => l.familyMemberId)).toEqual([
      veraLink!.familyMemberId,
    ]);
    // her last record removed: the account goes with it
    expect(deleteFamilyMember(db(), alpha.id, veraLink!.familyMemberId)).toBe(true);
    expect(getUserById(nina.id)).toBeUndefined();
  });
});

describe("two old accounts of one person", () => {
  it("are listed for the administrator and merged: links, reactions and comments move to the kept one", async () => {
    const p = createResident(db(), { firstName: "Paul", lastName: "Reed" }).id;
    const q = createResident(db(), { firstName: "Queenie", lastName: "Reed" }).id;
    const mk = async (residentId: string, username: string) => {
      const member = (await import("~/models/family.server")).createFamilyMember(db(), {
        residentId,
        name: "Rita Reed",
        email: username === "rita" ? "rita@family.example" : "Rita@Family.example",
      });
      return createUser({
        tenantId: alpha.id,
        username,
        email: member.email,
        displayName: "Rita Reed",
        role: ROLE.family,
        password: `${username}-kettle-harbour`,
        familyMemberId: member.id,
      });
    };
    const rita = await mk(p, "rita");
    const rita2 = await mk(q, "rita2");
    const story = publish(p, "Harbour lights", "community");
    // both accounts reacted with a heart: one heart stays
    setReaction(db(), viewerOf(rita.id), story, "❤️", "on");
    const qStory = publish(q, "Queenie's bakery");
    setReaction(db(), viewerOf(rita2.id), qStory, "❤️", "on");
    addComment(db(), viewerOf(rita2.id), qStory, { content: "Best bread in town" });

    const groups = duplicateFamilyAccounts(db(), alpha.id);
    const group = groups.find((g) => g.email.toLowerCase() === "rita@family.example")!;
    expect(group.accounts.map((a) => [a.username, a.residents])).toEqual([
      ["rita", ["Paul Reed"]],
      ["rita2", ["Queenie Reed"]],
    ]);
    const list = (await familiesRoute.loader(args(get("/admin/families", adminCookie)))) as {
      duplicates: number;
    };
    expect(list.duplicates).toBeGreaterThanOrEqual(1);

    const res = (await mergeRoute.action(
      args(post("/admin/families/merge", adminCookie, { email: group.email, keep: rita.id })),
    )) as Response;
    expect(res.status).toBe(302);
    expect(getUserById(rita2.id)).toBeUndefined();
    expect(linksOfAccount(alpha.id, rita.id).map((l) => !!l.confirmedAt)).toEqual([true, true]);
    const viewer = viewerOf(rita.id);
    expect(getReadableStory(db(), viewer, qStory)).not.toBeNull();
    const hearts = db()
      .select()
      .from(tenantSchema.reactions)
      .where(eq(tenantSchema.reactions.userId, rita.id))
      .all();
    expect(hearts.map((h) => h.storyId).sort()).toEqual([story, qStory].sort());
    expect(
      db()
        .select()
        .from(tenantSchema.comments)
        .where(eq(tenantSchema.comments.storyId, qStory))
        .all()
        .map((c) => c.authorUserId),
    ).toEqual([rita.id]);
    expect(
      duplicateFamilyAccounts(db(), alpha.id).some(
        (g) => g.email.toLowerCase() === "rita@family.example",
      ),
    ).toBe(false);
    // she signs in with the kept account and sees both
    const cookie = await signIn("rita", "rita-kettle-harbour");
    expect((await familyPage(cookie)).follows.map((f) => f.resident.firstName)).toEqual([
      "Paul",
      "Queenie",
    ]);
    // staff may not merge
    const staff = await createUser({
      tenantId: alpha.id,
      username: "sam",
      email: "sam@x.example",
      displayName: "Sam Staff",
      role: ROLE.staff,
      password: "sam-staff-password",
    });
    expect(staff).toBeTruthy();
    const samCookie = await signIn("sam", "sam-staff-password");
    await expect(
      mergeRoute.action(args(post("/admin/families/merge", samCookie, { email: "x", keep: "y" }))),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("another community", () => {
  it("an account with the same email elsewhere is not joined: a new account here", async () => {
    const bResident = createResident(getTenantDb(beta), { firstName: "Bea", lastName: "Ellis" }).id;
    const there = await addFamilyMemberWithInvitation(
      "http://beta.storyloom.localhost:3000",
      getTenantDb(beta),
      beta,
      { residentId: bResident, name: "Sarah Ellis", email: "sarah.ellis@family.example" },
      null,
    );
    if (!there.added) throw new Error("beta");
    expect(there.joined).toBeUndefined();
    expect(there.invitation?.username).toBe("sarah.ellis");
    expect(linksOfAccount(alpha.id, sarahId)).toHaveLength(2);
  });
});
