// Lists at the size of a 200-bed facility (500 residents, 1,000 family members) through the model
// functions, the screens' loaders, the CSV exports and the JSON API: search without case or
// accents, a sort people expect, stable pages, filters, and the same parameters in the API.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { BIG, seedBigCommunity } from "../helpers/big-community";
import { listFamilyPage, readFamilyListParams } from "~/models/family-list.server";
import { listResidentsPage, readResidentListParams } from "~/models/resident-list.server";
import { setResidentsActive } from "~/models/resident-status.server";
import { approveStory, createStory, rejectStory } from "~/models/story.server";
import { createResident, getResident, updateResident } from "~/models/resident.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { foldText, roomSortKey } from "~/utils/text-keys";
import * as loginRoute from "~/routes/_auth+/login";
import * as residentsCsv from "~/routes/_community+/admin+/residents[.]csv";
import * as familiesCsv from "~/routes/_community+/admin+/families[.]csv";
import * as residentsScreen from "~/routes/_community+/admin+/residents";
import * as apiResidents from "~/routes/api+/residents";
import * as apiFamily from "~/routes/api+/family-members";

let dir: string;
let community: Community;
let db: TenantDb;
let admin: string;
const ORIGIN = `http://${BIG.subdomain}.storyloom.localhost:3000`;
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const get = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: admin } });
const params = (query: string) => readResidentListParams(new URLSearchParams(query));

beforeAll(async () => {
  dir = useTempDataDir();
  community = await seedBigCommunity();
  db = getTenantDb(community);
  const res = (await loginRoute.action(
    args(
      new Request(`${ORIGIN}/login`, {
        method: "POST",
        body: new URLSearchParams({ username: BIG.admin, password: BIG.password }),
      }),
    ),
  )) as Response;
  expect(res.status).toBe(302);
  admin = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 120_000);
afterAll(() => cleanupDataDir(dir));

describe("the residents list at 500", () => {
  it("finds a resident by part of a name typed without its accents or capitals", () => {
    for (const q of ["bronte", "BRONTË", "amelie quix", "Quixley 10b"]) {
      const { rows, page } = listResidentsPage(db, params(`q=${encodeURIComponent(q)}`));
      expect(page.total, q).toBe(1);
      expect(rows[0]).toMatchObject({
        firstName: "Amélie",
        lastName: "Brontë-Quixley",
        roomNumber: "10B",
      });
    }
    expect(listResidentsPage(db, params("q=nobody%20here")).page.total).toBe(0);
  });

  it("sorts names without regard to case or accents: Delgado before DeLuca, Élise beside Elise", () => {
    const rows: { firstName: string; lastName: string }[] = [];
    for (let p = 1; p <= 20; p++) rows.push(...listResidentsPage(db, params(`page=${p}`)).rows);
    expect(rows).toHaveLength(BIG.residents);
    // by family name, then given name, compared folded
    const keys = rows.map((r) => `${foldText(r.lastName)} ${foldText(r.firstName)}`);
    expect(keys).toEqual([...keys].sort());
    const all = rows.map((r) => r.lastName);
    expect(all.findIndex((n) => n.startsWith("Delgado"))).toBeLessThan(
      all.findIndex((n) => n.startsWith("DeLuca")),
    );
  });

  it("pages by room in natural order, each resident exactly once (2 < 10 < 10A < 10B, no room last)", () => {
    const seen: { id: string; room: string | null }[] = [];
    const first = listResidentsPage(db, params("sort=room&status=all"));
    expect(first.page.pageCount).toBe(20);
    for (let p = 1; p <= first.page.pageCount; p++)
      seen.push(
        ...listResidentsPage(db, params(`sort=room&status=all&page=${p}`)).rows.map((r) => ({
          id: r.id,
          room: r.roomNumber,
        })),
      );
    expect(new Set(seen.map((s) => s.id)).size).toBe(BIG.residents);
    const keys = seen.map((s) => roomSortKey(s.room));
    expect(keys).toEqual([...keys].sort());
    const rooms = seen.map((s) => s.room);
    expect(rooms.indexOf("2")).toBeLessThan(rooms.indexOf("10"));
    expect(rooms.indexOf("10")).toBeLessThan(rooms.indexOf("10A"));
    expect(rooms.indexOf("10A")).toBeLessThan(rooms.indexOf("10B"));
    expect(rooms.at(-1)).toBeNull();
    // "Room 12" typed by staff is stored as 12
    expect(rooms.filter((r) => r?.toLowerCase().startsWith("room"))).toEqual([]);
    // "Room 10B", as the list shows it, finds what "10b" finds
    const byRoom = (q: string) =>
      listResidentsPage(db, params(`status=all&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(byRoom("10b").length).toBeGreaterThan(0);
    expect(byRoom("Room 10B")).toEqual(byRoom("10b"));
    // the same request twice gives the same page
    expect(listResidentsPage(db, params("sort=room&page=7")).rows.map((r) => r.id)).toEqual(
      listResidentsPage(db, params("sort=room&page=7")).rows.map((r) => r.id),
    );
  });

  it("counts as waiting only the stories awaiting review, not those turned down", () => {
    const r = createResident(db, { firstName: "Wanda", lastName: "Waiting" });
    const author = { id: "u-1", username: "linda", displayName: "Linda" };
    const reviewer = { id: "u-1", displayName: "Linda" };
    const story = (title: string) =>
      createStory(db, { residentId: r.id, author, title, content: title, category: "general" });
    approveStory(db, story("Published").id, reviewer);
    rejectStory(db, story("Turned down").id, reviewer, "Not hers");
    story("Awaiting review");
    const row = listResidentsPage(db, params("q=Wanda+Waiting")).rows[0]!;
    expect([row.storyCount, row.publishedStoryCount, row.pendingStoryCount]).toEqual([3, 1, 1]);
    // the other tests count the 500 residents
    db.delete(tenantSchema.stories).where(eq(tenantSchema.stories.residentId, r.id)).run();
    db.delete(tenantSchema.residents).where(eq(tenantSchema.residents.id, r.id)).run();
  });

  it("filters by status and keeps the sort keys in step with edits", () => {
    const ids = listResidentsPage(db, params("page=3"))
      .rows.slice(0, 3)
      .map((r) => r.id);
    expect(setResidentsActive(db, ids, false)).toHaveLength(3);
    expect(listResidentsPage(db, params("status=inactive")).page.total).toBe(3);
    expect(listResidentsPage(db, params("")).page.total).toBe(BIG.residents - 3);
    setResidentsActive(db, ids, true);
    const r = createResident(db, { firstName: "Zed", lastName: "Aardvark", roomNumber: "Room 14" });
    expect(getResident(db, r.id)).toMatchObject({
      roomNumber: "14",
      sortName: "aardvark zed",
      sortRoom: roomSortKey("14"),
    });
    updateResident(db, r.id, { lastName: "Zzyzx", roomNumber: "room 2b" });
    expect(getResident(db, r.id)).toMatchObject({ roomNumber: "2b", sortName: "zzyzx zed" });
    expect(listResidentsPage(db, params("q=zzyzx")).rows[0]!.id).toBe(r.id);
    setResidentsActive(db, [r.id], false);
  });

  it("the screen's loader answers 25 rows a page with the page count", async () => {
    const data = (await residentsScreen.loader(
      args(get("/admin/residents?sort=-name&page=2")),
    )) as unknown as {
      residents: unknown[];
      page: { page: number; pageCount: number; total: number };
      view: { sort: string; desc: boolean };
    };
    expect(data.residents).toHaveLength(25);
    expect(data.page).toMatchObject({ page: 2, pageCount: 20, total: BIG.residents });
    expect(data.view).toMatchObject({ sort: "name", desc: true });
  });
});

describe("the family list at 1,000", () => {
  const fam = (q: string) =>
    listFamilyPage(db, community.id, readFamilyListParams(new URLSearchParams(q)));
  it("filters by invitation: half accepted, half not yet", () => {
    expect(fam("").page.total).toBe(1000);
    expect(fam("invitation=accepted").page.total).toBe(500);
    expect(fam("invitation=pending").page.total).toBe(500);
  });
  it("finds by email, by name without accents, and by the resident's name", () => {
    expect(fam("q=family77%40bigcare").rows.map((r) => r.member.email)).toEqual([
      "family77@bigcare.example",
    ]);
    const tomas = fam("q=TOMAS%20pena%205");
    expect(tomas.rows.map((r) => r.member.name)).toContain("Tomás Peña 5");
    // every word is found somewhere: "5" may be in the email or the resident's name as well
    expect(tomas.rows.every((r) => r.member.name.startsWith("Tomás Peña "))).toBe(true);
    const ofAmelie = fam("q=bronte");
    expect(ofAmelie.page.total).toBe(2);
    expect(ofAmelie.rows.every((r) => r.resident.lastName === "Brontë-Quixley")).toBe(true);
  });
  it("sorts by resident with stable pages", () => {
    const ids: string[] = [];
    for (let p = 1; p <= 40; p++)
      ids.push(...fam(`sort=resident&page=${p}`).rows.map((r) => r.member.id));
    expect(new Set(ids).size).toBe(1000);
  });
});

describe("CSV exports and the JSON API", () => {
  it("exports the residents that match, quoted as RFC 4180 says", async () => {
    const res = (await residentsCsv.loader(args(get("/admin/residents.csv?q=bronte")))) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain("bigcare-residents.csv");
    const text = (await res.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")).toEqual([
      "First name,Last name,Room,Date of birth,Admission date,Status,Stories,Published stories,Sign-in",
      "Amélie,Brontë-Quixley,10B,,2024-05-01,Active,3,0,No sign-in",
      "",
    ]);
    // the active residents (the one made inactive above is not), plus the header
    const all = (await residentsCsv.loader(args(get("/admin/residents.csv")))) as Response;
    expect((await all.text()).trim().split("\r\n")).toHaveLength(BIG.residents + 1);
  });

  it("exports family members with commas quoted and their invitation state", async () => {
    const res = (await familiesCsv.loader(
      args(get("/admin/families.csv?q=family3%40bigcare")),
    )) as Response;
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Ola Ellis 3,family3@bigcare\.example,,Son,/);
    expect(lines[1]).toContain("not accepted");
    // a kept file says the invitation's year, this year's too
    expect(lines[1]).toMatch(/Invited on [A-Z][a-z]{2} \d{1,2}, \d{4}, not accepted/);
  });

  it("takes q, sort and page, and without them answers the whole list", async () => {
    const whole = (await apiResidents.loader(args(get("/api/residents")))) as Response;
    expect(((await whole.json()) as unknown[]).length).toBe(BIG.residents + 1);
    const found = (await apiResidents.loader(args(get("/api/residents?q=bronte")))) as Response;
    expect(((await found.json()) as { lastName: string }[]).map((r) => r.lastName)).toEqual([
      "Brontë-Quixley",
    ]);
    const page = (await apiResidents.loader(
      args(get("/api/residents?sort=room&page=2")),
    )) as Response;
    expect(((await page.json()) as unknown[]).length).toBe(25);
    expect(page.headers.get("X-Total-Count")).toBe(String(BIG.residents + 1));
    expect(page.headers.get("X-Page-Count")).toBe("21");
    const families = (await apiFamily.loader(
      args(get("/api/family-members?q=bronte&page=1")),
    )) as Response;
    expect(
      ((await families.json()) as { resident: { lastName: string } }[]).map(
        (f) => f.resident.lastName,
      ),
    ).toEqual(["Brontë-Quixley", "Brontë-Quixley"]);
  });
});
