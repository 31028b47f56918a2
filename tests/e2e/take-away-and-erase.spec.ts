// A resident's stories to take away, and erasure. With JavaScript on and off: the
// administrator downloads a resident's zip (it unzips to an index.html whose links all work), then
// erases the resident after typing their name; the test lists the media folder and queries every
// table of the community's database for anything of theirs.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { unzip } from "../helpers/unzip";
import { test, expect, signIn, httpRequest, sessionCookie, PORT } from "./support/fixtures";
import { phonePhoto } from "./support/media-helpers";

const DATA = path.resolve(`test-data/e2e-${PORT}`);

test("the administrator takes a resident's stories away, then erases the resident: no row or file remains", async ({
  page,
}) => {
  const project = test.info().project.name;
  const last = `Erasable${project}${Date.now().toString(36)}`;
  const admin = await sessionCookie("linda.admin");
  const json = { "Content-Type": "application/json" };
  const created = await httpRequest({
    path: "/api/residents",
    method: "POST",
    cookie: admin,
    headers: json,
    body: JSON.stringify({ firstName: "Iris", lastName: last }),
  });
  expect(created.status).toBe(201);
  const residentId = created.json().id as string;
  const story = await httpRequest({
    path: "/api/resident/stories",
    method: "POST",
    cookie: admin,
    headers: json,
    body: JSON.stringify({
      title: `The lighthouse ${last}`,
      content: "We kept the lamp lit all winter.",
      category: "career",
      residentId,
    }),
  });
  expect(story.status).toBe(201);
  const storyId = story.json().id as string;
  // a picture for the story, through the signed upload URL
  const upload = await httpRequest({
    path: "/api/objects/upload",
    method: "POST",
    cookie: admin,
    headers: json,
    body: "{}",
  });
  const uploadURL = new URL(upload.json().uploadURL as string);
  const put = await httpRequest({
    path: uploadURL.pathname + uploadURL.search,
    method: "PUT",
    cookie: admin,
    headers: { "Content-Type": "image/jpeg" },
    body: await phonePhoto(400, 300),
  });
  expect(put.status).toBeLessThan(300);
  const set = await httpRequest({
    path: `/api/stories/${storyId}/image`,
    method: "PUT",
    cookie: admin,
    headers: json,
    body: JSON.stringify({ imageUrl: upload.json().uploadURL }),
  });
  expect(set.status).toBe(200);
  const db = () =>
    new Database(path.join(DATA, "tenants", "sunnybrook.sqlite"), { readonly: true });
  const media = db()
    .prepare(
      "select m.file_name as f, m.variants as v from media m join stories s on s.image_id = m.id where s.id = ?",
    )
    .get(storyId) as { f: string; v: string | null };
  const mediaDir = path.join(DATA, "tenants", "sunnybrook", "media");
  expect(fs.readdirSync(mediaDir)).toContain(media.f);

  // take away: the zip unzips to an index.html whose links all lead to files inside it
  const zip = await httpRequest({ path: `/residents/${residentId}/export.zip`, cookie: admin });
  expect(zip.status).toBe(200);
  expect(zip.headers["content-type"]).toBe("application/zip");
  const files = await unzip(zip.body);
  const index = files.get("index.html")!.toString("utf8");
  expect(index).toContain(`The stories of Iris ${last}`);
  const links = (html: string, base: string) =>
    [...html.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) =>
      new URL(m[1]!, `file:///x/${base}`).pathname.replace(/^\/x\//, ""),
    );
  const storyPages = [...files.keys()].filter(
    (f) => f.startsWith("stories/") && f.endsWith(".html"),
  );
  expect(storyPages).toHaveLength(1);
  // the About me page travels with the stories, and the index leads to it
  expect(files.has("about-me.html")).toBe(true);
  expect(index).toContain('href="about-me.html"');
  for (const link of [
    ...links(index, "index.html"),
    ...links(files.get(storyPages[0]!)!.toString("utf8"), storyPages[0]!),
  ])
    expect(files.has(link), link).toBe(true);
  expect(files.get(storyPages[0]!)!.toString("utf8")).toMatch(
    /<img src="\.\.\/media\/story-001-picture\.\w+"/,
  );
  // the same unzipped folder opens in the browser from disk, its link to the story works
  const folder = test.info().outputPath("unzipped");
  for (const [name, bytes] of files) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), bytes);
  }
  await page.goto(`file://${path.join(folder, "index.html")}`);
  await page.getByRole("link", { name: `The lighthouse ${last}` }).click();
  await expect(page.getByRole("heading", { name: `The lighthouse ${last}` })).toBeVisible();
  expect(
    await page.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  // erase: a typed confirmation; a wrong name erases nothing and keeps what was typed
  await signIn(page, "linda.admin");
  await page.goto(`/admin/residents/${residentId}/erase`);
  await page.getByLabel(/to confirm/).fill("Iris");
  await page.getByRole("button", { name: "Erase everything of theirs" }).click();
  await expect(page.getByText(`Type the resident's full name, Iris ${last}`)).toBeVisible();
  await expect(page.getByLabel(/to confirm/)).toHaveValue("Iris");
  await page.getByLabel(/to confirm/).fill(`Iris ${last}`);
  await page.getByRole("button", { name: "Erase everything of theirs" }).click();
  await expect(page).toHaveURL(/\/admin\/residents$/);

  // every table of the community's database: nothing of hers; the media folder: none of her files
  const conn = db();
  const tables = (
    conn
      .prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  ).map((x) => x.name);
  const found: string[] = [];
  for (const table of tables) {
    for (const row of conn.prepare(`select * from "${table}"`).all()) {
      const text = JSON.stringify(row);
      for (const needle of [residentId, storyId, last, media.f.replace(/\.\w+$/, "")])
        if (text.includes(needle)) found.push(`${table}: ${needle}`);
    }
  }
  conn.close();
  expect(found).toEqual([]);
  expect(
    fs.readdirSync(mediaDir).filter((f) => f.startsWith(media.f.replace(/\.\w+$/, ""))),
  ).toEqual([]);
  // the audit log: who and when, not what
  const control = new Database(path.join(DATA, "control.sqlite"), { readonly: true });
  const audit = control
    .prepare("select * from audit_log where action = 'erasure.resident' order by at desc limit 1")
    .get() as { details: string | null; target_user_id: string | null; actor_user_id: string };
  control.close();
  // whose record it was and the day it was made, never a name
  expect(audit).toMatchObject({ target_user_id: null });
  expect(audit.details).toMatch(/^resident, added \d{4}-\d{2}-\d{2}$/);
  expect(JSON.stringify(audit)).not.toContain(last);
  expect(
    (await httpRequest({ path: `/residents/${residentId}/export.zip`, cookie: admin })).status,
  ).toBe(404);
});
