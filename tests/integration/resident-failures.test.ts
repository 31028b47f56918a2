// When saving fails for a reason the user cannot fix, the screens say so with fixed toasts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { buildCommunity, call, cookieFor, type Fixture } from "../helpers/home-fixture";
import { phoneJpegWithGps } from "../helpers/images";
import { deleteStoryOfResident, updateStoryOfResident, getStoryRow } from "~/models/story.server";
import { writeResidentStory } from "~/models/resident-story.server";
import { shareFamilyPhoto } from "~/models/family-photo.server";
import { askFamilyQuestion } from "~/models/family-question.server";
import { tenantSchema } from "~/utils/db.server";
import * as newStory from "~/routes/_community+/resident+/stories.new";
import * as editStory from "~/routes/_community+/resident+/stories.$storyId.edit";
import * as deleteStory from "~/routes/_community+/resident+/stories.$storyId.delete";
import * as familyPage from "~/routes/_community+/family+/_index";

vi.mock("~/models/story.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/models/story.server")>();
  return {
    ...mod,
    deleteStoryOfResident: vi.fn(mod.deleteStoryOfResident),
    updateStoryOfResident: vi.fn(mod.updateStoryOfResident),
  };
});
vi.mock("~/models/resident-story.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/models/resident-story.server")>();
  return { ...mod, writeResidentStory: vi.fn(mod.writeResidentStory) };
});
vi.mock("~/models/family-photo.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/models/family-photo.server")>();
  return { ...mod, shareFamilyPhoto: vi.fn(mod.shareFamilyPhoto) };
});
vi.mock("~/models/family-question.server", async (importOriginal) => {
  const mod = await importOriginal<typeof import("~/models/family-question.server")>();
  return { ...mod, askFamilyQuestion: vi.fn(mod.askFamilyQuestion) };
});

let dir: string;
let alpha: Fixture;
const cookies = {} as Record<"ada" | "dora", string>;
const boom = () => {
  throw new Error("disk full");
};
const TRY_AGAIN = "Please try again or contact support if the problem persists.";

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  cookies.ada = await cookieFor(alpha.origin, alpha.users.ada);
  cookies.dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
});
afterAll(() => cleanupDataDir(dir));

function toastOf(res: Response | null) {
  const cookie = res?.headers.getSetCookie().find((c) => c.startsWith("storyloom_toast="));
  const value = decodeURIComponent(cookie!.split(";")[0]!.slice("storyloom_toast=".length)).split(
    ".",
  )[0]!;
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")).__flash_toast__;
}
function form(
  url: string,
  fields: Record<string, string>,
  cookie: string,
  file?: { field: string; bytes: Buffer },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file)
    body.append(
      file.field,
      new File([new Uint8Array(file.bytes)], "photo.jpg", { type: "image/jpeg" }),
    );
  return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
}

describe("failure toasts", () => {
  it("'Failed to save story', and the photo stored for it is removed again", async () => {
    vi.mocked(writeResidentStory).mockImplementationOnce(boom);
    expectConsoleError();
    const mediaBefore = alpha.db().select().from(tenantSchema.media).all().length;
    const res = await call(
      newStory.action,
      form(
        `${alpha.origin}/resident/stories/new`,
        { title: "T", content: "C", category: "family" },
        cookies.ada,
        { field: "image", bytes: await phoneJpegWithGps(300, 300) },
      ),
    );
    expect(toastOf(res.response)).toEqual({
      type: "error",
      title: "Failed to save story",
      description: TRY_AGAIN,
    });
    expect(alpha.db().select().from(tenantSchema.media).all().length).toBe(mediaBefore);
  });

  it("'Failed to add image' when the uploaded image cannot be found: the story itself is saved", async () => {
    const res = await call(
      newStory.action,
      form(
        `${alpha.origin}/resident/stories/new`,
        {
          title: "Saved anyway",
          content: "C",
          category: "family",
          uploadedImage: "/media/AAAAAAAAAAAAAAAAAAAAAA",
        },
        cookies.ada,
      ),
    );
    expect(toastOf(res.response)).toEqual({
      type: "error",
      title: "Failed to add image",
      description: TRY_AGAIN,
    });
    expect(
      alpha
        .db()
        .select()
        .from(tenantSchema.stories)
        .all()
        .some((s) => s.title === "Saved anyway" && s.imageId === null),
    ).toBe(true);
  });

  it("'Failed to update story' and 'Failed to delete story'", async () => {
    const id = alpha.stories.adaPending;
    vi.mocked(updateStoryOfResident).mockImplementationOnce(boom);
    expectConsoleError();
    const edit = await call(
      editStory.action,
      form(
        `${alpha.origin}/resident/stories/${id}/edit`,
        { title: "T", content: "C", category: "family" },
        cookies.ada,
      ),
      { storyId: id },
    );
    expect(toastOf(edit.response)).toMatchObject({
      type: "error",
      title: "Failed to update story",
    });

    vi.mocked(deleteStoryOfResident).mockImplementationOnce(boom);
    expectConsoleError();
    const del = await call(
      deleteStory.action,
      new Request(`${alpha.origin}/resident/stories/${id}/delete`, {
        method: "POST",
        headers: { Cookie: cookies.ada },
      }),
      { storyId: id },
    );
    expect(toastOf(del.response)).toEqual({
      type: "error",
      title: "Failed to delete story",
      description: TRY_AGAIN,
    });
    expect(getStoryRow(alpha.db(), id)).toBeDefined();
  });

  it("'Failed to upload photo' and 'Failed to submit question'", async () => {
    vi.mocked(shareFamilyPhoto).mockImplementationOnce(boom);
    expectConsoleError();
    const photo = await call(
      familyPage.action,
      form(`${alpha.origin}/family?dialog=photo`, { intent: "share-photo" }, cookies.dora, {
        field: "photo",
        bytes: await phoneJpegWithGps(300, 300),
      }),
    );
    expect(toastOf(photo.response)).toEqual({
      type: "error",
      title: "Failed to upload photo",
      description: TRY_AGAIN,
    });

    vi.mocked(askFamilyQuestion).mockImplementationOnce(boom);
    expectConsoleError();
    const question = await call(
      familyPage.action,
      form(
        `${alpha.origin}/family?dialog=question`,
        { intent: "ask-question", question: "Why?" },
        cookies.dora,
      ),
    );
    expect(toastOf(question.response)).toEqual({
      type: "error",
      title: "Failed to submit question",
      description: TRY_AGAIN,
    });
  });
});
