// Residents, family members and story review on real SQLite files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import {
  createResident,
  getResident,
  listResidentsWithStoryCounts,
  setResidentActive,
  updateResident,
} from "~/models/resident.server";
import { createFamilyMember, deleteFamilyMember } from "~/models/family.server";
import { createUser, getUserById } from "~/models/user.server";
import {
  approveStory,
  createStory,
  listFeaturedStories,
  listPendingStories,
  listPublishedForReview,
  listStoriesOfResident,
  rejectStory,
  setStoryFeatured,
  unpublishStory,
} from "~/models/story.server";
import { createNewsPost, listNewsPosts, updateNewsPost } from "~/models/news.server";
import { createEvent, listEvents, setEventActive } from "~/models/event.server";
import { listRecentActivity } from "~/models/activity.server";
import { getTenantDb, tenantSchema, type TenantDb } from "~/utils/db.server";

let dir: string;
let db: TenantDb;
let tenantId: string;
const admin = { id: "admin-1", displayName: "Alice Admin" };
const author = { id: "res-user", username: "rose", displayName: "Rose Hill" };

beforeAll(() => {
  dir = useTempDataDir();
  const community = createCommunity({
    name: "Alpha House",
    subdomain: "alpha",
    timeZone: "America/Chicago",
  });
  tenantId = community.id;
  db = getTenantDb(community);
});
afterAll(() => cleanupDataDir(dir));

describe("residents", () => {
  it("stores empty optional fields as null and records the arrival", () => {
    const r = createResident(
      db,
      {
        firstName: " Rose ",
        lastName: "Hill",
        roomNumber: "  ",
        dateOfBirth: "",
        admissionDate: null,
      },
      admin,
    );
    expect(r).toMatchObject({
      firstName: "Rose",
      lastName: "Hill",
      roomNumber: null,
      dateOfBirth: null,
      admissionDate: null,
      isActive: true,
    });
    expect(
      listRecentActivity(db).some((a) => a.type === "resident_added" && a.subjectId === r.id),
    ).toBe(true);
  });

  it("updates only the given fields, clears with null, and (de)activates", () => {
    const r = createResident(db, { firstName: "Sam", lastName: "Oak", roomNumber: "4" });
    expect(updateResident(db, r.id, { admissionDate: "2024-01-02" })).toMatchObject({
      roomNumber: "4",
      admissionDate: "2024-01-02",
    });
    expect(updateResident(db, r.id, { roomNumber: null })).toMatchObject({
      roomNumber: null,
      admissionDate: "2024-01-02",
    });
    expect(setResidentActive(db, r.id, false)?.isActive).toBe(false);
    expect(getResident(db, r.id)?.isActive).toBe(false);
    expect(updateResident(db, "missing", { firstName: "X" })).toBeUndefined();
  });

  it("counts each resident's stories and lists active residents first", () => {
    const r = createResident(db, { firstName: "Counted", lastName: "Aaron" });
    const s = createStory(db, { residentId: r.id, author, content: "One.", category: "general" });
    createStory(db, { residentId: r.id, author, content: "Two.", category: "general" });
    approveStory(db, s.id, admin);
    const rows = listResidentsWithStoryCounts(db);
    expect(rows.find((x) => x.id === r.id)).toMatchObject({
      storyCount: 2,
      publishedStoryCount: 1,
    });
    const firstInactive = rows.findIndex((x) => !x.isActive);
    expect(rows.slice(firstInactive).every((x) => !x.isActive)).toBe(true);
  });
});

describe("family members", () => {
  it("removing one also removes their sign-in in the control database", async () => {
    const r = createResident(db, { firstName: "Fay", lastName: "Lee" });
    const m = createFamilyMember(db, {
      residentId: r.id,
      name: "Gil Lee",
      email: "gil@x.example",
      relationship: "",
      phoneNumber: null,
    });
    expect(m).toMatchObject({ relationship: null, phoneNumber: null });
    const user = await createUser({
      tenantId,
      username: "gil",
      email: m.email,
      displayName: m.name,
      role: "family",
      familyMemberId: m.id,
    });
    expect(deleteFamilyMember(db, tenantId, m.id)).toBe(true);
    expect(getUserById(user.id)).toBeUndefined();
    expect(deleteFamilyMember(db, tenantId, m.id)).toBe(false);
  });
});

describe("story review", () => {
  let residentId: string;
  beforeAll(() => {
    residentId = createResident(db, { firstName: "Rose", lastName: "Review" }).id;
  });
  const newStory = (content: string) =>
    createStory(db, { residentId, author, content, category: "family" });

  it("approving publishes the story and announces it", () => {
    const s = newStory("Approved story.");
    expect(listPendingStories(db).map((x) => x.id)).toContain(s.id);
    const res = approveStory(db, s.id, admin);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.story).toMatchObject({
      isPublished: true,
      reviewStatus: "published",
      reviewedByUserId: admin.id,
    });
    expect(res.story.publishedAt).toBeTruthy();
    expect(listPendingStories(db).map((x) => x.id)).not.toContain(s.id);
    expect(listPublishedForReview(db, 10, 0)[0]?.id).toBe(s.id);
    const feed = listRecentActivity(db, 50).find(
      (a) => a.type === "story_published" && a.subjectId === s.id,
    );
    expect(feed?.summary).toContain("Rose Review");
  });

  it("rejecting keeps it unpublished, takes it out of the queue and keeps the note for the resident", () => {
    const s = newStory("Rejected story.");
    const res = rejectStory(db, s.id, admin, "  Please shorten it.  ");
    expect(res.ok && res.story).toMatchObject({
      isPublished: false,
      reviewStatus: "rejected",
      reviewNote: "Please shorten it.",
    });
    expect(listPendingStories(db).map((x) => x.id)).not.toContain(s.id);
    expect(listStoriesOfResident(db, residentId).find((x) => x.id === s.id)).toMatchObject({
      reviewStatus: "rejected",
      reviewNote: "Please shorten it.",
    });
    // a rejected story can still be approved later; a published one cannot be rejected
    const approved = newStory("Published story.");
    approveStory(db, approved.id, admin);
    expect(rejectStory(db, approved.id, admin, null)).toMatchObject({ ok: false, status: 409 });
  });

  it("features only published stories; unpublishing unfeatures and re-queues", () => {
    const s = createStory(db, {
      residentId,
      author,
      content: "Feature me.",
      category: "family",
      audience: "community",
    });
    expect(setStoryFeatured(db, s.id, true)).toMatchObject({ ok: false, status: 409 });
    expect(setStoryFeatured(db, "missing", true)).toMatchObject({ ok: false, status: 404 });
    // a story for the resident's family (the default) is never featured on everyone's home
    const forFamily = newStory("For my family only.");
    approveStory(db, forFamily.id, admin);
    expect(setStoryFeatured(db, forFamily.id, true)).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(/everyone/),
    });
    approveStory(db, s.id, admin);
    expect(setStoryFeatured(db, s.id, true)).toMatchObject({
      ok: true,
      story: { isFeatured: true },
    });
    expect(listFeaturedStories(db).map((x) => x.id)).toContain(s.id);
    const down = unpublishStory(db, s.id, admin);
    expect(down.ok && down.story).toMatchObject({
      isPublished: false,
      isFeatured: false,
      reviewStatus: "pending",
      publishedAt: null,
    });
    expect(listFeaturedStories(db).map((x) => x.id)).not.toContain(s.id);
    expect(listPendingStories(db).map((x) => x.id)).toContain(s.id);
    expect(unpublishStory(db, s.id, admin)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("news and events", () => {
  it("lists pinned posts first and announces a post when it is published", () => {
    const old = createNewsPost(
      db,
      { title: "Pinned older", content: "x", isPublished: true, isPinned: true },
      admin,
    );
    db.update(tenantSchema.newsPosts)
      .set({ createdAt: "2020-01-01T00:00:00.000Z" })
      .where(eq(tenantSchema.newsPosts.id, old.id))
      .run();
    const draft = createNewsPost(
      db,
      { title: "Draft newer", content: "y", isPublished: false, isPinned: false },
      admin,
    );
    expect(
      listNewsPosts(db)
        .map((p) => p.title)
        .slice(0, 2),
    ).toEqual(["Pinned older", "Draft newer"]);
    expect(listNewsPosts(db, { publishedOnly: true }).map((p) => p.id)).not.toContain(draft.id);
    expect(
      listRecentActivity(db, 50).some((a) => a.type === "news_posted" && a.subjectId === draft.id),
    ).toBe(false);
    updateNewsPost(db, draft.id, { isPublished: true }, admin);
    expect(
      listRecentActivity(db, 50).some((a) => a.type === "news_posted" && a.subjectId === draft.id),
    ).toBe(true);
  });

  it("sorts events by date and keeps cancelled ones as Cancelled", () => {
    const now = new Date("2025-05-01T15:00:00Z");
    const later = createEvent(
      db,
      { title: "Later", eventDate: "2025-05-20", maxParticipants: null },
      admin,
    );
    createEvent(
      db,
      { title: "Tomorrow's", eventDate: "2025-05-02", startTime: "", location: "  " },
      admin,
    );
    createEvent(db, { title: "Today's", eventDate: "2025-05-01" }, admin);
    setEventActive(db, later.id, false);
    const list = listEvents(db, "America/Chicago", { from: "2025-05-01", now });
    expect(list.map((e) => [e.title, e.badge.label, e.isActive])).toEqual([
      ["Today's", "Today", true],
      ["Tomorrow's", "Tomorrow", true],
      ["Later", "May 20, 2025", false],
    ]);
    expect(list[1]).toMatchObject({ startTime: null, location: null });
  });
});
