// The resident's own stories (write, edit, delete, with images) and the family area (stories,
// profile, photos, questions), through the same route actions and API routes the app serves.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  approve,
  buildCommunity,
  call,
  cookieFor,
  get,
  postJson,
  PASSWORD,
  type Fixture,
} from "../helpers/home-fixture";
import { overPhoneLimitJpeg, phoneJpegWithGps, textRenamedJpg } from "../helpers/images";
import { createUser } from "~/models/user.server";
import { getMedia, mediaVariants, saveImage } from "~/models/media.server";
import { getStoryRow, updateStoryOfResident, deleteStoryOfResident } from "~/models/story.server";
import { tenantMediaDir, tenantSchema } from "~/utils/db.server";
import * as newStory from "~/routes/_community+/resident+/stories.new";
import * as editStory from "~/routes/_community+/resident+/stories.$storyId.edit";
import * as deleteStory from "~/routes/_community+/resident+/stories.$storyId.delete";
import * as dashboard from "~/routes/_community+/resident+/_index";
import * as familyPage from "~/routes/_community+/family+/_index";
import * as residentStoriesApi from "~/routes/api+/resident.stories";
import * as storyApi from "~/routes/api+/stories.$id";
import * as familyStoriesApi from "~/routes/api+/family.stories";
import * as familyProfileApi from "~/routes/api+/family.profile";
import * as familyQuestionsApi from "~/routes/api+/family.questions";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
let bravo: Fixture;
const cookies = {} as Record<"admin" | "staff" | "ada" | "adaDaughter" | "benSon" | "ben", string>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  await createUser({
    tenantId: alpha.community.id,
    username: "alpha.ben",
    email: "ben@x.example",
    displayName: "Ben Franklin",
    role: "resident",
    password: PASSWORD,
    residentId: alpha.residents.ben,
  });
  for (const [key, username] of Object.entries(alpha.users))
    cookies[key as keyof typeof alpha.users] = await cookieFor(alpha.origin, username);
  cookies.ben = await cookieFor(alpha.origin, "alpha.ben");
});
afterAll(() => cleanupDataDir(dir));

const storyCount = (f: Fixture, residentId: string) =>
  f.db().select().from(t.stories).where(eq(t.stories.residentId, residentId)).all().length;
const mediaFiles = () =>
  fs.existsSync(tenantMediaDir("alpha")) ? fs.readdirSync(tenantMediaDir("alpha")) : [];

/** The toast a redirect carries (the flash cookie's payload). */
function toastOf(
  res: Response | null,
): { type: string; title: string; description?: string } | null {
  const cookie = res?.headers.getSetCookie().find((c) => c.startsWith("storyloom_toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("storyloom_toast=".length)).split(
    ".",
  )[0]!;
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")).__flash_toast__;
}

function multipart(
  url: string,
  fields: Record<string, string>,
  cookie: string,
  file?: { name: string; bytes: Buffer; field?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? "image",
      new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }),
    );
  // a browser sends an empty, unnamed file for a file input left empty
  else form.append("image", new File([], "", { type: "application/octet-stream" }));
  return new Request(url, { method: "POST", body: form, headers: { Cookie: cookie } });
}

describe("Tell Your Story (no JavaScript: a multipart form post)", () => {
  const url = () => `${alpha.origin}/resident/stories/new`;

  it("saves a typed story with a photo, sends it for review, and says so", async () => {
    const before = storyCount(alpha, alpha.residents.ada);
    const res = await call(
      newStory.action,
      multipart(
        url(),
        {
          title: "The lighthouse",
          content: "We walked to the lighthouse every summer.",
          category: "travel",
        },
        cookies.ada,
        { name: "IMG_0001.jpg", bytes: await phoneJpegWithGps() },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/resident");
    expect(toastOf(res.response)).toMatchObject({
      type: "success",
      title: "Your story has been saved and sent for review!",
    });
    expect(storyCount(alpha, alpha.residents.ada)).toBe(before + 1);
    const story = alpha
      .db()
      .select()
      .from(t.stories)
      .where(eq(t.stories.title, "The lighthouse"))
      .get()!;
    expect(story).toMatchObject({
      residentId: alpha.residents.ada,
      isPublished: false,
      reviewStatus: "pending",
      category: "travel",
    });
    expect(getMedia(alpha.db(), story.imageId!)!.status).toBe("attached");
  });

  it("requires a title and content", async () => {
    const before = storyCount(alpha, alpha.residents.ada);
    const res = await call(
      newStory.action,
      multipart(url(), { title: " ", content: "", category: "family" }, cookies.ada),
    );
    expect(res.data.status).toBe("error");
    expect(res.data.error.title).toEqual(["Title is required"]);
    expect(res.data.error.content).toEqual(["Content is required"]);
    expect(storyCount(alpha, alpha.residents.ada)).toBe(before);
  });

  it("refuses a 26 MB image and a text file renamed .jpg with their fixed messages, storing nothing", async () => {
    const rows = alpha.db().select().from(t.media).all().length;
    const files = mediaFiles().length;
    const stories = storyCount(alpha, alpha.residents.ada);
    const big = await call(
      newStory.action,
      multipart(
        url(),
        { title: "Big", content: "Too big a photo", category: "family" },
        cookies.ada,
        { name: "big.jpg", bytes: overPhoneLimitJpeg() },
      ),
    );
    // the photo is read to its end, so the message says its real size
    expect(big.data.error.image).toEqual([
      "This photo is too large (26 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);
    // what was typed comes back to the form
    expect(big.data.initialValue).toMatchObject({ title: "Big", content: "Too big a photo" });
    const text = await call(
      newStory.action,
      multipart(url(), { title: "Text", content: "Not a photo", category: "family" }, cookies.ada, {
        name: "notes.jpg",
        bytes: textRenamedJpg(),
      }),
    );
    expect(text.data.error.image).toEqual([
      "Invalid file type",
      "Please select an image file Your text is kept. Please choose the photo again.",
    ]);
    expect(alpha.db().select().from(t.media).all().length).toBe(rows);
    expect(mediaFiles().length).toBe(files);
    expect(storyCount(alpha, alpha.residents.ada)).toBe(stories);
  });

  it("answers a family question: the question becomes the prompt and is marked answered", async () => {
    const asked = await call(
      familyQuestionsApi.action,
      postJson(
        `${alpha.origin}/api/family/questions`,
        { question: "What was your first job?" },
        cookies.adaDaughter,
      ),
    );
    expect(asked.status).toBe(201);
    const { id: questionId } = await asked.response!.json();
    const page = await call(newStory.loader, get(`${url()}?questionId=${questionId}`, cookies.ada));
    expect(page.data.question).toMatchObject({
      text: "What was your first job?",
      askedBy: "Dora Lovelace (Daughter)",
    });
    // another resident cannot open it
    expect(
      (await call(newStory.loader, get(`${url()}?questionId=${questionId}`, cookies.ben))).data
        .question,
    ).toBeNull();

    const res = await call(
      newStory.action,
      multipart(
        url(),
        {
          title: "The mill",
          content: "I swept the floor of the mill.",
          category: "career",
          questionId,
        },
        cookies.ada,
      ),
    );
    expect(res.status).toBe(302);
    const story = alpha.db().select().from(t.stories).where(eq(t.stories.title, "The mill")).get()!;
    expect(story.aiPrompt).toBe("What was your first job?");
    const q = alpha
      .db()
      .select()
      .from(t.familyQuestions)
      .where(eq(t.familyQuestions.id, questionId))
      .get()!;
    expect(q.answeredStoryId).toBe(story.id);
  });

  it("is the signed-in resident's only: families and staff are refused", async () => {
    expect(
      (
        await call(
          newStory.action,
          multipart(url(), { title: "x", content: "y" }, cookies.adaDaughter),
        )
      ).status,
    ).toBe(403);
    expect((await call(newStory.loader, get(url(), cookies.staff))).status).toBe(403);
  });
});

describe("editing a story", () => {
  it("changes title, content, category and image; a published story goes back for review, and says so", async () => {
    const db = alpha.db();
    const oldImage = await saveImage(db, alpha.community, await phoneJpegWithGps(400, 300), {
      status: "attached",
    });
    db.update(t.stories)
      .set({ imageId: oldImage.id })
      .where(eq(t.stories.id, alpha.stories.adaPublished))
      .run();
    const oldFiles = mediaVariants(oldImage).map((v) => v.fileName);

    const id = alpha.stories.adaPublished;
    const res = await call(
      editStory.action,
      multipart(
        `${alpha.origin}/resident/stories/${id}/edit`,
        {
          title: "Engines, revised",
          content: "Babbage's engine, told again.",
          category: "achievement",
        },
        cookies.ada,
        { name: "new.jpg", bytes: await phoneJpegWithGps(800, 600) },
      ),
      { storyId: id },
    );
    expect(res.status).toBe(302);
    expect(toastOf(res.response)).toMatchObject({
      title: "Your story has been updated and sent for review",
      description: "Your family will see it again once an administrator approves it.",
    });
    const row = getStoryRow(db, id)!;
    expect(row).toMatchObject({
      title: "Engines, revised",
      content: "Babbage's engine, told again.",
      category: "achievement",
      isPublished: false,
      isFeatured: false,
      reviewStatus: "pending",
    });
    expect(row.imageId).not.toBe(oldImage.id);
    expect(getMedia(db, oldImage.id)).toBeUndefined();
    for (const f of oldFiles) expect(mediaFiles()).not.toContain(f);
    // families no longer see it
    expect(
      (
        await call(storyApi.loader, get(`${alpha.origin}/api/stories/${id}`, cookies.adaDaughter), {
          id,
        })
      ).status,
    ).toBe(404);
  });

  it("Remove Image removes the image and its files; a pending story stays pending without a review notice", async () => {
    const db = alpha.db();
    const id = alpha.stories.adaPending;
    const image = await saveImage(db, alpha.community, await phoneJpegWithGps(400, 300), {
      status: "attached",
    });
    db.update(t.stories).set({ imageId: image.id }).where(eq(t.stories.id, id)).run();
    const res = await call(
      editStory.action,
      multipart(
        `${alpha.origin}/resident/stories/${id}/edit`,
        {
          title: "A secret draft",
          content: "Still a draft.",
          category: "family",
          removeImage: "1",
        },
        cookies.ada,
      ),
      { storyId: id },
    );
    expect(toastOf(res.response)).toMatchObject({
      type: "success",
      title: "Your story has been updated",
    });
    expect(getStoryRow(db, id)!.imageId).toBeNull();
    expect(getMedia(db, image.id)).toBeUndefined();
  });

  it("answers 404 for another resident's story and another community's", async () => {
    const other = alpha.stories.benPublished;
    expect(
      (
        await call(
          editStory.loader,
          get(`${alpha.origin}/resident/stories/${other}/edit`, cookies.ada),
          { storyId: other },
        )
      ).status,
    ).toBe(404);
    const res = await call(
      editStory.action,
      multipart(
        `${alpha.origin}/resident/stories/${other}/edit`,
        { title: "Mine now", content: "x", category: "family" },
        cookies.ada,
      ),
      { storyId: other },
    );
    expect(res.status).toBe(404);
    expect(getStoryRow(alpha.db(), other)!.title).toBe("Kites");
    expect(
      updateStoryOfResident(alpha.db(), alpha.community, alpha.residents.ada, other, {
        title: "x",
        content: "y",
        category: "family",
      }),
    ).toBeNull();
    const foreign = bravo.stories.adaPublished;
    expect(
      (
        await call(
          editStory.loader,
          get(`${alpha.origin}/resident/stories/${foreign}/edit`, cookies.ada),
          { storyId: foreign },
        )
      ).status,
    ).toBe(404);
  });
});

describe("deleting a story", () => {
  it("asks first, then removes the story and its files", async () => {
    const db = alpha.db();
    const image = await saveImage(db, alpha.community, await phoneJpegWithGps(400, 300), {
      status: "attached",
    });
    const id = db.select().from(t.stories).where(eq(t.stories.title, "The mill")).get()!.id;
    db.update(t.stories).set({ imageId: image.id }).where(eq(t.stories.id, id)).run();
    const files = mediaVariants(image).map((v) => v.fileName);

    const confirm = await call(
      deleteStory.loader,
      get(`${alpha.origin}/resident/stories/${id}/delete`, cookies.ada),
      { storyId: id },
    );
    expect(confirm.data.story.title).toBe("The mill");
    const res = await call(
      deleteStory.action,
      new Request(`${alpha.origin}/resident/stories/${id}/delete`, {
        method: "POST",
        headers: { Cookie: cookies.ada },
      }),
      { storyId: id },
    );
    expect(res.status).toBe(302);
    expect(toastOf(res.response)?.title).toBe("Your story has been deleted");
    expect(getStoryRow(db, id)).toBeUndefined();
    expect(getMedia(db, image.id)).toBeUndefined();
    for (const f of files) expect(mediaFiles()).not.toContain(f);
  });

  it("answers 404 for someone else's story, on the page, the form and the API", async () => {
    const other = alpha.stories.benPublished;
    expect(
      (
        await call(
          deleteStory.loader,
          get(`${alpha.origin}/resident/stories/${other}/delete`, cookies.ada),
          { storyId: other },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          deleteStory.action,
          new Request(`${alpha.origin}/resident/stories/${other}/delete`, {
            method: "POST",
            headers: { Cookie: cookies.ada },
          }),
          { storyId: other },
        )
      ).status,
    ).toBe(404);
    const api = await call(
      storyApi.action,
      new Request(`${alpha.origin}/api/stories/${other}`, {
        method: "DELETE",
        headers: { Cookie: cookies.ada },
      }),
      { id: other },
    );
    expect(api.status).toBe(404);
    expect(
      deleteStoryOfResident(
        alpha.db(),
        alpha.community,
        alpha.residents.ada,
        bravo.stories.adaPublished,
      ),
    ).toBe(false);
    expect(getStoryRow(alpha.db(), other)).toBeDefined();
  });

  it("DELETE /api/stories/{id} deletes the resident's own story", async () => {
    const created = await call(
      residentStoriesApi.action,
      postJson(
        `${alpha.origin}/api/resident/stories`,
        { title: "Short-lived", content: "Gone soon.", category: null },
        cookies.ada,
      ),
    );
    const { id } = await created.response!.json();
    const res = await call(
      storyApi.action,
      new Request(`${alpha.origin}/api/stories/${id}`, {
        method: "DELETE",
        headers: { Cookie: cookies.ada },
      }),
      { id },
    );
    expect(res.status).toBe(204);
    expect(getStoryRow(alpha.db(), id)).toBeUndefined();
  });
});

describe("GET/POST /api/resident/stories", () => {
  it("lists the resident's own stories in every state, and creates one for review", async () => {
    const created = await call(
      residentStoriesApi.action,
      postJson(
        `${alpha.origin}/api/resident/stories`,
        { title: "By API", content: "Typed elsewhere.", category: "hobby" },
        cookies.ada,
      ),
    );
    expect(created.status).toBe(201);
    expect(await created.response!.json()).toMatchObject({
      title: "By API",
      category: "hobby",
      isPublished: false,
      reviewStatus: "pending",
      residentId: alpha.residents.ada,
    });
    const list = await (
      await call(
        residentStoriesApi.loader,
        get(`${alpha.origin}/api/resident/stories`, cookies.ada),
      )
    ).response!.json();
    expect(list.every((s: { residentId: string }) => s.residentId === alpha.residents.ada)).toBe(
      true,
    );
    expect(list.map((s: { title: string }) => s.title)).toContain("By API");
  });

  it("refuses stories for another resident, and missing title or content", async () => {
    const other = await call(
      residentStoriesApi.action,
      postJson(
        `${alpha.origin}/api/resident/stories`,
        { title: "x", content: "y", residentId: alpha.residents.ben },
        cookies.ada,
      ),
    );
    expect(other.status).toBe(403);
    const blank = await call(
      residentStoriesApi.action,
      postJson(`${alpha.origin}/api/resident/stories`, { title: "", content: "" }, cookies.ada),
    );
    expect(blank.status).toBe(400);
    expect(await blank.response!.json()).toMatchObject({
      fieldErrors: { title: ["Title is required"], content: ["Content is required"] },
    });
    expect(
      (
        await call(
          residentStoriesApi.loader,
          get(`${alpha.origin}/api/resident/stories`, cookies.adaDaughter),
        )
      ).status,
    ).toBe(403);
  });
});

describe("the resident's dashboard", () => {
  it("welcomes the resident by name and shows review states, notes, family photos and questions", async () => {
    const db = alpha.db();
    db.update(t.stories)
      .set({ reviewStatus: "rejected", reviewNote: "Please leave out the address." })
      .where(eq(t.stories.title, "By API"))
      .run();
    const res = await call(dashboard.loader, get(`${alpha.origin}/resident`, cookies.ada));
    expect(res.data.resident).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    const rejected = res.data.stories.find((s: { title: string }) => s.title === "By API");
    expect(rejected).toMatchObject({
      reviewStatus: "rejected",
      reviewNote: "Please leave out the address.",
    });
    expect(
      res.data.stories.every(
        (s: { id: string }) => getStoryRow(db, s.id)!.residentId === alpha.residents.ada,
      ),
    ).toBe(true);
    expect(res.data.questions.map((q: { question: string }) => q.question)).toContain(
      "What was your first job?",
    );
    // Ben sees nothing of Ada's
    const ben = await call(dashboard.loader, get(`${alpha.origin}/resident`, cookies.ben));
    expect(ben.data.resident.firstName).toBe("Ben");
    expect(ben.data.questions).toEqual([]);
    expect(ben.data.stories.map((s: { title: string }) => s.title)).toEqual(["Kites"]);
  });
});

describe("the family area", () => {
  it("GET /api/family/stories: only their resident's published stories, with 200-character excerpts", async () => {
    const db = alpha.db();
    const long = "Word ".repeat(100).trim();
    const created = await call(
      residentStoriesApi.action,
      postJson(
        `${alpha.origin}/api/resident/stories`,
        { title: "Long one", content: long, category: "family" },
        cookies.ada,
      ),
    );
    const { id } = await created.response!.json();
    approve(db, id);
    const stories = await (
      await call(
        familyStoriesApi.loader,
        get(`${alpha.origin}/api/family/stories`, cookies.adaDaughter),
      )
    ).response!.json();
    expect(
      stories.every(
        (s: { residentId: string; isPublished: boolean }) =>
          s.residentId === alpha.residents.ada && s.isPublished,
      ),
    ).toBe(true);
    expect(stories.map((s: { title: string }) => s.title)).toContain("Long one");
    expect(stories.map((s: { title: string }) => s.title)).not.toContain("A secret draft");
    const excerpt = stories.find((s: { id: string }) => s.id === id).excerpt as string;
    expect(excerpt.length).toBeGreaterThan(150);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    const other = await (
      await call(familyStoriesApi.loader, get(`${alpha.origin}/api/family/stories`, cookies.benSon))
    ).response!.json();
    expect(other.map((s: { title: string }) => s.title)).toEqual(["Kites"]);
  });

  it("GET /api/family/profile: the signed-in member and their resident", async () => {
    const res = await call(
      familyProfileApi.loader,
      get(`${alpha.origin}/api/family/profile`, cookies.adaDaughter),
    );
    expect(await res.response!.json()).toMatchObject({
      name: "Dora Lovelace",
      relationship: "Daughter",
      resident: { firstName: "Ada", lastName: "Lovelace", roomNumber: "12", profileImageUrl: null },
    });
    expect(
      (await call(familyProfileApi.loader, get(`${alpha.origin}/api/family/profile`, cookies.ada)))
        .status,
    ).toBe(403);
  });

  it("the family page shares a photo and asks a question; empty ones are refused with fixed words", async () => {
    const emptyPhoto = await call(
      familyPage.action,
      multipart(
        `${alpha.origin}/family?dialog=photo`,
        { intent: "share-photo", description: "Nothing" },
        cookies.adaDaughter,
        { name: "", bytes: Buffer.alloc(0), field: "photo" },
      ),
    );
    expect(emptyPhoto.data.error.photo).toEqual(["Please select a photo to upload"]);
    const big = await call(
      familyPage.action,
      multipart(
        `${alpha.origin}/family?dialog=photo`,
        { intent: "share-photo" },
        cookies.adaDaughter,
        { name: "big.jpg", bytes: overPhoneLimitJpeg(), field: "photo" },
      ),
    );
    expect(big.data.error.photo).toEqual([
      "This photo is too large (26 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);

    const shared = await call(
      familyPage.action,
      multipart(
        `${alpha.origin}/family?dialog=photo`,
        { intent: "share-photo", description: "Grandpa's boat" },
        cookies.adaDaughter,
        { name: "boat.jpg", bytes: await phoneJpegWithGps(600, 400), field: "photo" },
      ),
    );
    expect(toastOf(shared.response)).toMatchObject({
      type: "success",
      title: "Your photo has been shared with Ada",
    });

    const blank = await call(
      familyPage.action,
      new Request(`${alpha.origin}/family?dialog=question`, {
        method: "POST",
        body: new URLSearchParams({ intent: "ask-question", question: "   " }),
        headers: {
          Cookie: cookies.adaDaughter,
          "Content-Type": "application/x-www-form-urlencoded",
        },
      }),
    );
    expect(blank.data.error.question).toEqual(["Please write your question"]);
    const asked = await call(
      familyPage.action,
      new Request(`${alpha.origin}/family?dialog=question`, {
        method: "POST",
        body: new URLSearchParams({ intent: "ask-question", question: "Who taught you to sail?" }),
        headers: {
          Cookie: cookies.adaDaughter,
          "Content-Type": "application/x-www-form-urlencoded",
        },
      }),
    );
    expect(toastOf(asked.response)).toMatchObject({
      type: "success",
      title: "Your question has been sent to Ada",
    });

    // the resident sees both
    const ada = await call(dashboard.loader, get(`${alpha.origin}/resident`, cookies.ada));
    expect(ada.data.photos.map((p: { description: string }) => p.description)).toContain(
      "Grandpa's boat",
    );
    expect(ada.data.questions.map((q: { question: string }) => q.question)).toContain(
      "Who taught you to sail?",
    );
    // another family does not
    const sam = await call(familyPage.loader, get(`${alpha.origin}/family`, cookies.benSon));
    expect(sam.data.photos).toEqual([]);
    expect(sam.data.questions).toEqual([]);
  });

  it("POST /api/family/questions refuses a blank question and non-family callers", async () => {
    const blank = await call(
      familyQuestionsApi.action,
      postJson(`${alpha.origin}/api/family/questions`, { question: "  " }, cookies.adaDaughter),
    );
    expect(blank.status).toBe(400);
    expect(
      (
        await call(
          familyQuestionsApi.action,
          postJson(`${alpha.origin}/api/family/questions`, { question: "Hi?" }, cookies.staff),
        )
      ).status,
    ).toBe(403);
  });
});
