// The audit log answers an inspector's "who did this, and when": an approval, a refusal,
// featuring and approving many stories at once each leave an entry naming the story and its
// resident (never its words); a resident added or changed, her name and the fields changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  postForm,
  postJson,
  type Fixture,
} from "../helpers/home-fixture";
import { auditActionLabel, listCommunityAudit } from "~/models/audit.server";
import { createStory, getStoryRow } from "~/models/story.server";
import * as reviewRoute from "~/routes/_community+/admin+/stories.$storyId";
import * as storiesRoute from "~/routes/_community+/admin+/stories";
import * as residentsApi from "~/routes/api+/residents";
import * as residentApi from "~/routes/api+/residents.$id";

let dir: string;
let alpha: Fixture;
let admin: string;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  admin = await cookieFor(alpha.origin, alpha.users.admin);
});
afterAll(() => cleanupDataDir(dir));

function draft(title: string, audience: "private" | "family" | "community" = "family") {
  return createStory(alpha.db(), {
    residentId: alpha.residents.ada,
    author: { id: "someone", username: "ada", displayName: "Ada Lovelace" },
    title,
    content: `The words of ${title}, which the log never keeps.`,
    category: "family",
    audience,
  }).id;
}

function storyEntries() {
  return listCommunityAudit(alpha.community.id, { kind: "stories", limit: 50, offset: 0 });
}

describe("the review of stories in the audit log", () => {
  it("names who approved, refused and featured which story, and when", async () => {
    const url = (id: string) => `${alpha.origin}/admin/stories/${id}`;
    const approved = draft("The orchard", "community");
    const refused = draft("The quarrel");
    const before = storyEntries().total;

    await call(reviewRoute.action, postForm(url(approved), { intent: "approve" }, admin), {
      storyId: approved,
    });
    await call(
      reviewRoute.action,
      postForm(url(refused), { intent: "reject", reviewNote: "Private, please" }, admin),
      { storyId: refused },
    );
    await call(reviewRoute.action, postForm(url(approved), { intent: "feature" }, admin), {
      storyId: approved,
    });

    const { entries, total } = storyEntries();
    expect(total).toBe(before + 3);
    const [featured, rejected, approval] = entries;
    expect(approval).toMatchObject({
      action: "story.approved",
      details: "“The orchard” (Ada Lovelace)",
      actor: { username: alpha.users.admin },
    });
    expect(Date.now() - Date.parse(approval!.at)).toBeLessThan(60_000);
    expect(rejected).toMatchObject({
      action: "story.rejected",
      details: "“The quarrel” (Ada Lovelace)",
    });
    expect(featured).toMatchObject({ action: "story.featured" });
    // what the entry says, and nothing of the story's words or the note
    expect(auditActionLabel("story.approved")).toBe("Approved a story");
    expect(JSON.stringify(entries)).not.toContain("never keeps");
    expect(JSON.stringify(entries)).not.toContain("Private, please");
  });

  it("approves the ticked waiting stories at once, each audited, and counts them by audience", async () => {
    const ids = [draft("One", "family"), draft("Two", "family"), draft("Three", "private")];
    const published = alpha.stories.adaPublished;
    const before = storyEntries().total;
    const form = new URLSearchParams({ intent: "approve-selected", back: "?status=pending" });
    for (const id of [...ids, published]) form.append("storyId", id);
    const res = await call(
      storiesRoute.action,
      new Request(`${alpha.origin}/admin/stories`, {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/admin/stories?status=pending");
    for (const id of ids) expect(getStoryRow(alpha.db(), id)).toMatchObject({ isPublished: true });
    // a story no longer waiting is left as it was and not audited again
    expect(storyEntries().total).toBe(before + 3);
    // the flash cookie holds the toast as base64 JSON, signed after the dot
    const cookie = (res.response!.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const toast = Buffer.from(
      decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")[0]!,
      "base64",
    ).toString();
    expect(toast).toContain("3 stories approved");
    expect(toast).toContain("Their families: 2");
    expect(toast).toContain("Only the resident and the care team: 1");
    expect(toast).toContain("1 was no longer waiting");
  });

  it("refuses an empty selection, and staff who do not review", async () => {
    const empty = await call(
      storiesRoute.action,
      postForm(`${alpha.origin}/admin/stories`, { intent: "approve-selected" }, admin),
    );
    expect(empty.status).toBe(302);
    const staff = await cookieFor(alpha.origin, alpha.users.staff);
    const refused = await call(
      storiesRoute.action,
      postForm(
        `${alpha.origin}/admin/stories`,
        { intent: "approve-selected", storyId: alpha.stories.adaPending },
        staff,
      ),
    );
    expect(refused.status).toBe(403);
    expect(getStoryRow(alpha.db(), alpha.stories.adaPending)).toMatchObject({ isPublished: false });
  });
});

describe("residents added and changed in the audit log", () => {
  it("names the resident and the fields changed, never their values", async () => {
    const before = listCommunityAudit(alpha.community.id, { kind: "people", limit: 50, offset: 0 });
    const added = await call(
      residentsApi.action,
      postJson(
        `${alpha.origin}/api/residents`,
        { firstName: "Olive", lastName: "Quist", roomNumber: "12" },
        admin,
      ),
    );
    expect(added.status).toBe(201);
    const id = ((await added.response!.json()) as { id: string }).id;
    const patch = new Request(`${alpha.origin}/api/residents/${id}`, {
      method: "PATCH",
      body: JSON.stringify({ roomNumber: "14B", dateOfBirth: "1931-05-02" }),
      headers: { "Content-Type": "application/json", Cookie: admin },
    });
    expect((await call(residentApi.action, patch, { id })).status).toBe(200);
    const { entries, total } = listCommunityAudit(alpha.community.id, {
      kind: "people",
      limit: 50,
      offset: 0,
    });
    expect(total).toBe(before.total + 2);
    expect(entries[1]).toMatchObject({
      action: "resident.added",
      details: "Olive Quist",
      actor: { username: alpha.users.admin },
    });
    expect(entries[0]).toMatchObject({
      action: "resident.updated",
      details: "Olive Quist: room, date of birth",
    });
    expect(JSON.stringify(entries.slice(0, 2))).not.toContain("14B");
  });
});
