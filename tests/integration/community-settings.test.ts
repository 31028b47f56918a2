// A community's settings: its administrator (/admin/settings) and the super admin (the edit page,
// Create Community, the JSON API) change its details, time zone and language through one model
// function that checks every field, keeps names unique, writes the audit log without contact
// values, and leaves stored events as they were; the weekly digest follows the new clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import * as adminSettings from "~/routes/_community+/admin+/settings";
import * as adminEmail from "~/routes/_community+/admin+/email";
import * as communitiesScreen from "~/routes/super-admin+/communities";
import * as communityEdit from "~/routes/super-admin+/communities_.$communityId";
import * as tenantsApi from "~/routes/api+/super-admin.tenants";
import {
  getCommunity,
  getCommunityBySubdomain,
  isTimeZone,
  updateCommunityDetails,
} from "~/models/community.server";
import { saveDigestSchedule, setLastDigestAt } from "~/models/community-settings.server";
import { nextScheduledDigest } from "~/models/digest.server";
import { createUser } from "~/models/user.server";
import { controlSchema, getControlDb, getTenantDb, tenantSchema } from "~/utils/db.server";
import { readToast } from "~/utils/toast.server";

const MARKETING = "http://storyloom.localhost:3000";

let dir: string;
let alpha: Fixture;
let beta: Fixture;
let adminCookie: string;
let rootCookie: string;
let rootId: string;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  beta = await buildCommunity("beta");
  adminCookie = await cookieFor(alpha.origin, alpha.users.admin);
  const root = await createUser({
    tenantId: null,
    username: "root",
    email: "root@x.example",
    displayName: "Root",
    role: "super_admin",
    password: "fixture-password",
  });
  rootId = root.id;
  rootCookie = await cookieFor(MARKETING, "root");
});
afterAll(() => cleanupDataDir(dir));

const alphaRow = () => getCommunity(alpha.community.id)!;

function lastAudit(tenantId: string) {
  const { auditLog } = controlSchema;
  return getControlDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, "community.settings_changed")))
    .orderBy(desc(auditLog.at))
    .all();
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request(alpha.origin, { headers: { Cookie: cookie } }))).toast;
}

describe("updateCommunityDetails", () => {
  const audit = () => ({ actorUserId: rootId });

  it("refuses a missing or overlong name, a bad email, an unknown zone or language; changes nothing", () => {
    const before = alphaRow();
    const outcome = updateCommunityDetails(
      alpha.community.id,
      {
        name: "   ",
        email: "not-an-address",
        timeZone: "Mars/Olympus_Mons",
        defaultLanguage: "xx",
        phone: "(555) 000-1111",
      },
      audit(),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(Object.keys(outcome.fieldErrors).sort()).toEqual([
      "defaultLanguage",
      "email",
      "name",
      "timeZone",
    ]);
    expect(outcome.fieldErrors.timeZone![0]).toMatch(/^settings:timeZone\.unknown/);
    const long = updateCommunityDetails(alpha.community.id, { name: "x".repeat(121) }, audit());
    expect(long.ok).toBe(false);
    expect(alphaRow()).toEqual(before);
    expect(lastAudit(alpha.community.id)).toHaveLength(0);
  });

  it("keeps names unique among communities, but a community may keep or recase its own", () => {
    const taken = updateCommunityDetails(alpha.community.id, { name: "  BETA house " }, audit());
    expect(taken).toMatchObject({
      ok: false,
      fieldErrors: { name: [expect.stringMatching(/name\.taken/)] },
    });
    expect(alphaRow().name).toBe("Alpha House");
    const own = updateCommunityDetails(alpha.community.id, { name: "ALPHA House" }, audit());
    expect(own).toMatchObject({ ok: true, changed: ["name"] });
    expect(alphaRow().name).toBe("ALPHA House");
    expect(updateCommunityDetails(alpha.community.id, { name: "Alpha House" }, audit()).ok).toBe(
      true,
    );
  });

  it("knows the IANA zones", () => {
    expect(isTimeZone("America/Denver")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("america/denver")).toBe(false);
    expect(isTimeZone("Denver")).toBe(false);
  });
});

describe("the administrator's settings page", () => {
  it("is the administrator's only: staff are refused, and /admin/email leads to it", async () => {
    const staff = await cookieFor(alpha.origin, alpha.users.staff);
    expect(
      (await call(adminSettings.loader, get(`${alpha.origin}/admin/settings`, staff))).status,
    ).toBe(403);
    const post = await call(
      adminSettings.action,
      postForm(`${alpha.origin}/admin/settings`, { intent: "timeZone", timeZone: "UTC" }, staff),
    );
    expect(post.status).toBe(403);
    expect(alphaRow().timeZone).toBe("America/New_York");
    const old = await call(adminEmail.loader, get(`${alpha.origin}/admin/email`, adminCookie));
    expect(old.status).toBe(302);
    expect(old.response!.headers.get("Location")).toBe("/admin/settings");
    expect((await call(adminEmail.loader, get(`${alpha.origin}/admin/email`, staff))).status).toBe(
      403,
    );
  });

  it("refuses a bad email with the field's message, giving back everything typed", async () => {
    const res = await call(
      adminSettings.action,
      postForm(
        `${alpha.origin}/admin/settings`,
        {
          intent: "details",
          name: "Alpha Gardens",
          address: "2 Elm St",
          city: "Shelbyville",
          phone: "(555) 123-4567",
          email: "front desk",
        },
        adminCookie,
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data.intent).toBe("details");
    expect(res.data.result.error.email).toEqual([
      "Enter a valid email address, like name@example.com",
    ]);
    expect(res.data.result.initialValue).toMatchObject({
      name: "Alpha Gardens",
      city: "Shelbyville",
      email: "front desk",
    });
    expect(alphaRow().name).toBe("Alpha House");
  });

  it("refuses a name another community has", async () => {
    const res = await call(
      adminSettings.action,
      postForm(
        `${alpha.origin}/admin/settings`,
        { intent: "details", name: "Beta House" },
        adminCookie,
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.name[0]).toMatch(/A community named Beta House already exists/);
  });

  it("refuses a time zone not on the list, saying so and keeping what was typed", async () => {
    const res = await call(
      adminSettings.action,
      postForm(
        `${alpha.origin}/admin/settings`,
        { intent: "timeZone", timeZone: "Denver" },
        adminCookie,
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.timeZone[0]).toMatch(/"Denver" is not a time zone on the list/);
    expect(res.data.result.initialValue).toMatchObject({ timeZone: "Denver" });
    expect(alphaRow().timeZone).toBe("America/New_York");
  });

  it("saves details and logs the changed fields' names, never the contact values", async () => {
    const res = await call(
      adminSettings.action,
      postForm(
        `${alpha.origin}/admin/settings`,
        {
          intent: "details",
          name: "Alpha House",
          address: "1 Main St",
          city: "Springfield",
          phone: "(555) 987-6543",
          email: "desk@alpha.example",
        },
        adminCookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(alphaRow()).toMatchObject({ phone: "(555) 987-6543", email: "desk@alpha.example" });
    const [entry] = lastAudit(alpha.community.id);
    expect(entry!.details).toBe("phone, email");
    expect(entry!.details).not.toMatch(/555|desk@/);
  });

  it("changes the time zone: the audit names it, stored events keep their wall-clock times, the next digest follows the new clock", async () => {
    const db = getTenantDb(alpha.community);
    db.insert(tenantSchema.calendarEvents)
      .values({ id: "tz-event", title: "Tea", eventDate: "2025-01-14", startTime: "10:00" })
      .run();
    saveDigestSchedule(db, { day: 0, hour: 17 }, new Date("2025-01-01T00:00:00Z"));
    setLastDigestAt(db, "2025-01-06T12:00:00.000Z");
    // Sunday 12 January 2025, 5 PM in New York
    expect(nextScheduledDigest(db, alphaRow().timeZone)!.toISOString()).toBe(
      "2025-01-12T22:00:00.000Z",
    );

    const res = await call(
      adminSettings.action,
      postForm(
        `${alpha.origin}/admin/settings`,
        { intent: "timeZone", timeZone: "America/Denver" },
        adminCookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/admin/settings");
    expect(alphaRow().timeZone).toBe("America/Denver");
    const toast = await toastOf(res.response!);
    expect(toast).toMatchObject({ type: "success", title: "Time zone saved" });
    expect(toast!.description).toMatch(/America\/Denver/);
    expect(toast!.description).toMatch(/January 12, 2025 at 5:00\s?PM/);
    // Sunday 12 January 2025, 5 PM in Denver (MST, UTC-7)
    expect(nextScheduledDigest(db, alphaRow().timeZone)!.toISOString()).toBe(
      "2025-01-13T00:00:00.000Z",
    );
    const event = db
      .select()
      .from(tenantSchema.calendarEvents)
      .where(eq(tenantSchema.calendarEvents.id, "tz-event"))
      .get();
    expect(event).toMatchObject({ eventDate: "2025-01-14", startTime: "10:00" });
    expect(lastAudit(alpha.community.id)[0]!.details).toBe(
      "time zone America/New_York -> America/Denver",
    );

    // the next request reads the new row: the page shows the zone and the digest on its clock
    const page = await call(
      adminSettings.loader,
      get(`${alpha.origin}/admin/settings`, adminCookie),
    );
    expect(page.data.timeZone).toBe("America/Denver");
    expect(page.data.nextLabel).toMatch(/January 12, 2025 at 5:00\s?PM/);
  });
});

describe("the super admin", () => {
  it("creates a community with its time zone on the screen and over JSON; a bad zone is a 400", async () => {
    const screen = await call(
      communitiesScreen.action,
      postForm(
        `${MARKETING}/super-admin/communities?dialog=create`,
        { intent: "create", name: "Pine Lodge", subdomain: "pine", timeZone: "America/Denver" },
        rootCookie,
      ),
    );
    expect(screen.status).toBe(302);
    expect(getCommunityBySubdomain("pine")!.timeZone).toBe("America/Denver");

    const refusedScreen = await call(
      communitiesScreen.action,
      postForm(
        `${MARKETING}/super-admin/communities?dialog=create`,
        { intent: "create", name: "Fir Lodge", subdomain: "fir", timeZone: "Mountain" },
        rootCookie,
      ),
    );
    expect(JSON.stringify(refusedScreen.data)).toMatch(/Mountain\\" is not a time zone/);
    expect(getCommunityBySubdomain("fir")).toBeUndefined();

    const api = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Cedar Lodge", subdomain: "cedar", timeZone: "America/Chicago" },
        rootCookie,
      ),
    );
    expect(api.status).toBe(201);
    expect(await api.response!.json()).toMatchObject({ timeZone: "America/Chicago" });
    const bad = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Elm Lodge", subdomain: "elm", timeZone: "Central" },
        rootCookie,
      ),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.response!.json())).toMatch(/not a time zone on the list/);
    expect(getCommunityBySubdomain("elm")).toBeUndefined();
    const plain = await call(
      tenantsApi.action,
      postJson(
        `${MARKETING}/api/super-admin/tenants`,
        { name: "Ash Lodge", subdomain: "ash" },
        rootCookie,
      ),
    );
    expect(plain.status).toBe(201);
    expect(getCommunityBySubdomain("ash")!.timeZone).toBe("America/New_York");
  });

  it("edits a community's details, time zone and language; the administrator may not", async () => {
    const url = `${MARKETING}/super-admin/communities/${beta.community.id}`;
    const params = { communityId: beta.community.id };
    const page = await call(communityEdit.loader, get(url, rootCookie), params);
    expect(page.data.community.values).toMatchObject({
      name: "Beta House",
      timeZone: "America/New_York",
    });
    const fields = {
      intent: "update",
      name: "Beta Gardens",
      address: "9 Oak Ave",
      city: "Capital City",
      phone: "",
      email: "hi@beta.example",
      timeZone: "America/Phoenix",
      defaultLanguage: "es",
    };
    const refused = await call(
      communityEdit.action,
      postForm(url, { ...fields, name: "alpha house", timeZone: "Arizona" }, rootCookie),
      params,
    );
    expect(refused.status).toBe(200);
    expect(refused.data.error.timeZone[0]).toMatch(/"Arizona" is not a time zone/);
    expect(refused.data.initialValue).toMatchObject({ city: "Capital City", timeZone: "Arizona" });
    expect(getCommunity(beta.community.id)!.name).toBe("Beta House");

    const saved = await call(communityEdit.action, postForm(url, fields, rootCookie), params);
    expect(saved.status).toBe(302);
    expect(getCommunity(beta.community.id)).toMatchObject({
      name: "Beta Gardens",
      subdomain: "beta",
      address: "9 Oak Ave",
      phone: null,
      timeZone: "America/Phoenix",
      defaultLanguage: "es",
    });
    expect(lastAudit(beta.community.id)[0]!.details).toBe(
      "name Beta House -> Beta Gardens, address, city, phone, email, time zone America/New_York -> America/Phoenix, language en -> es",
    );

    const adminOfBeta = await cookieFor(beta.origin, beta.users.admin);
    const notHis = await call(communityEdit.action, postForm(url, fields, adminOfBeta), params);
    expect([302, 403, 404]).toContain(notHis.status);
    const missing = await call(
      communityEdit.loader,
      get(`${MARKETING}/super-admin/communities/nope`, rootCookie),
      { communityId: "nope" },
    );
    expect(missing.status).toBe(404);
  });
});
