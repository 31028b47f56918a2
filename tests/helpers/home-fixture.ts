// A small community with residents, families, staff and stories, for the home and comment tests.
import { eq } from "drizzle-orm";
import { recordActivity } from "~/models/activity.server";
import { createCommunity } from "~/models/community.server";
import { createStory } from "~/models/story.server";
import { createUser } from "~/models/user.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import * as loginRoute from "~/routes/_auth+/login";

const t = tenantSchema;
export const PASSWORD = "fixture-password";

export type Fixture = {
  community: Community;
  origin: string;
  db: () => TenantDb;
  residents: { ada: string; ben: string; gone: string };
  family: { adaDaughter: string; benSon: string };
  users: { admin: string; staff: string; ada: string; adaDaughter: string; benSon: string };
  stories: { adaPublished: string; adaPending: string; benPublished: string };
};

export function originOf(subdomain: string) {
  return `http://${subdomain}.storyloom.localhost:3000`;
}

/**
 * Publishes a story the way an administrator's approval does, shared with everyone at the community
 * (as every published story was before residents chose who may see each story) unless another
 * audience is given.
 */
export function approve(
  db: TenantDb,
  storyId: string,
  opts: { featured?: boolean; audience?: "private" | "family" | "community" } = {},
) {
  const now = new Date().toISOString();
  db.update(t.stories)
    .set({
      isPublished: true,
      reviewStatus: "published",
      publishedAt: now,
      reviewedAt: now,
      isFeatured: opts.featured ?? false,
      audience: opts.audience ?? "community",
    })
    .where(eq(t.stories.id, storyId))
    .run();
  const story = db.select().from(t.stories).where(eq(t.stories.id, storyId)).get()!;
  recordActivity(db, {
    type: "story_published",
    summary: `A resident shared "${story.title}"`,
    values: { name: "A resident", title: story.title },
    subjectId: storyId,
  });
}

/** A community whose name comes from its subdomain ("alpha": Alpha House): names are unique. */
export async function buildCommunity(
  subdomain: string,
  name = `${subdomain[0]!.toUpperCase()}${subdomain.slice(1)} House`,
): Promise<Fixture> {
  const community = createCommunity({
    name,
    subdomain,
    address: "1 Main St",
    city: "Springfield",
    phone: "(555) 555-0100",
    email: `hello@${subdomain}.example`,
  });
  const db = getTenantDb(community);
  const ins = (r: typeof t.residents.$inferInsert) => db.insert(t.residents).values(r).run();
  ins({ id: `${subdomain}-ada`, firstName: "Ada", lastName: "Lovelace", roomNumber: "12" });
  ins({ id: `${subdomain}-ben`, firstName: "Ben", lastName: "Franklin", roomNumber: null });
  ins({ id: `${subdomain}-gone`, firstName: "Old", lastName: "Timer", isActive: false });
  db.insert(t.familyMembers)
    .values({
      id: `${subdomain}-f-ada`,
      residentId: `${subdomain}-ada`,
      name: "Dora Lovelace",
      email: "dora@x.example",
      relationship: "Daughter",
    })
    .run();
  db.insert(t.familyMembers)
    .values({
      id: `${subdomain}-f-ben`,
      residentId: `${subdomain}-ben`,
      name: "Sam Franklin",
      email: "sam@x.example",
      relationship: "Son",
    })
    .run();
  const mk = (
    username: string,
    role: "administrator" | "staff" | "resident" | "family",
    extra: { residentId?: string; familyMemberId?: string } = {},
  ) =>
    createUser({
      tenantId: community.id,
      username: `${subdomain}.${username}`,
      email: `${username}@x.example`,
      displayName: username,
      role,
      password: PASSWORD,
      ...extra,
    });
  const admin = await mk("admin", "administrator");
  const staff = await mk("staff", "staff");
  const ada = await mk("ada", "resident", { residentId: `${subdomain}-ada` });
  const adaDaughter = await mk("dora", "family", { familyMemberId: `${subdomain}-f-ada` });
  const benSon = await mk("sam", "family", { familyMemberId: `${subdomain}-f-ben` });
  const author = { id: ada.id, username: ada.username, displayName: "Ada Lovelace" };
  const adaPublished = createStory(db, {
    residentId: `${subdomain}-ada`,
    author,
    title: "Engines",
    content: "I wrote about engines. ".repeat(12),
    category: "career",
  }).id;
  approve(db, adaPublished, { featured: true });
  const adaPending = createStory(db, {
    residentId: `${subdomain}-ada`,
    author,
    title: "A secret draft",
    content: "Not reviewed yet.",
    category: "family",
  }).id;
  const benPublished = createStory(db, {
    residentId: `${subdomain}-ben`,
    author: { ...author, id: "ben-user" },
    title: "Kites",
    content: "Lightning and kites.",
    category: "childhood",
  }).id;
  approve(db, benPublished, { featured: true });
  return {
    community,
    origin: originOf(subdomain),
    db: () => getTenantDb(community),
    residents: { ada: `${subdomain}-ada`, ben: `${subdomain}-ben`, gone: `${subdomain}-gone` },
    family: { adaDaughter: `${subdomain}-f-ada`, benSon: `${subdomain}-f-ben` },
    users: {
      admin: admin.username,
      staff: staff.username,
      ada: ada.username,
      adaDaughter: adaDaughter.username,
      benSon: benSon.username,
    },
    stories: { adaPublished, adaPending, benPublished },
  };
}

/** Signs in through the login route's action and returns the Cookie header value. */
export async function cookieFor(origin: string, username: string): Promise<string> {
  const body = new URLSearchParams({ username, password: PASSWORD, redirectTo: "" });
  const request = new Request(`${origin}/login`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  let res: unknown;
  try {
    res = await loginRoute.action({ request, params: {}, context: {} });
  } catch (thrown) {
    res = thrown;
  }
  if (!(res instanceof Response) || res.status !== 302)
    throw new Error(`sign-in of ${username} failed`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Calls a loader or action; a thrown Response is returned, and `data()` results are unwrapped. */
export async function call<T = any>(
  fn: (args: any) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ response: Response | null; data: T; status: number }> {
  try {
    const out = (await fn({ request, params, context: {} })) as any;
    if (out instanceof Response) return { response: out, data: undefined as T, status: out.status };
    if (out && typeof out === "object" && out.type === "DataWithResponseInit")
      return { response: null, data: out.data as T, status: out.init?.status ?? 200 };
    return { response: null, data: out as T, status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { response: thrown, data: undefined as T, status: thrown.status };
    throw thrown;
  }
}

export function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return new Request(url, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });
}

export function postJson(url: string, value: unknown, cookie?: string) {
  return new Request(url, {
    method: "POST",
    body: JSON.stringify(value),
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
  });
}
