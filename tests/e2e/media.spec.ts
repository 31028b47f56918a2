// The private media pipeline over real HTTP: the three-call upload flow, what is served to whom, and
// refusals that store nothing. Plain HTTP, so it runs once (in the JavaScript project).
import sharp from "sharp";
import { test, expect, httpRequest, jsonBody, sessionCookie } from "./support/fixtures";
import { phonePhoto, queryOne, overPhoneLimit, textAsJpg } from "./support/media-helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");

type Session = { cookie: string };
const as = async (username: string, sub = "sunnybrook"): Promise<Session> => ({
  cookie: await sessionCookie(username, sub),
});

async function uploadUrl(who: Session): Promise<{ url: string; path: string; mediaId: string }> {
  const res = await httpRequest({
    path: "/api/objects/upload",
    method: "POST",
    cookie: who.cookie,
    ...jsonBody({}),
  });
  expect(res.status).toBe(200);
  const url = res.json<{ uploadURL: string }>().uploadURL;
  const path = new URL(url).pathname;
  const payload = path.split("/").pop()!.split(".")[0]!;
  return { url, path, mediaId: JSON.parse(Buffer.from(payload, "base64url").toString())[0] };
}
const putRaw = (who: Session, path: string, body: Buffer) =>
  httpRequest({
    path,
    method: "PUT",
    cookie: who.cookie,
    body,
    headers: { "Content-Type": "image/jpeg" },
  });
const putJson = (who: Session, path: string, value: unknown) =>
  httpRequest({ path, method: "PUT", cookie: who.cookie, ...jsonBody(value) });

test("the three-call upload flow gives a story its image; every served width is private and without EXIF", async () => {
  const margaret = await as("margaret.ellis");
  const created = await httpRequest({
    path: "/api/resident/stories",
    method: "POST",
    cookie: margaret.cookie,
    ...jsonBody({
      title: `Uploaded by API ${Date.now()}`,
      content: "With a picture.",
      category: "family",
    }),
  });
  expect(created.status).toBe(201);
  const story = created.json<{ id: string }>();

  const u = await uploadUrl(margaret);
  expect(u.url).toMatch(/^http:\/\/sunnybrook\.storyloom\.localhost:\d+\/uploads\//);
  expect((await putRaw(margaret, u.path, await phonePhoto())).status).toBe(200);
  const perm = await putJson(margaret, "/api/story-images", { imageUrl: u.url });
  expect(perm.status).toBe(200);
  const { objectPath } = perm.json<{ objectPath: string }>();
  expect(objectPath).toBe(`/media/${u.mediaId}`);
  const set = await putJson(margaret, `/api/stories/${story.id}/image`, { imageUrl: objectPath });
  expect(set.status).toBe(200);
  expect(set.json<{ imageUrl: string }>().imageUrl).toBe(objectPath);

  for (const w of ["", "?w=400", "?w=800", "?w=1600"]) {
    const res = await httpRequest({ path: `${objectPath}${w}`, cookie: margaret.cookie });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-type"]).toBe("image/webp");
    expect((await sharp(res.body).metadata()).exif).toBeUndefined();
  }
  const part = await httpRequest({
    path: objectPath,
    cookie: margaret.cookie,
    headers: { Range: "bytes=0-15" },
  });
  expect(part.status).toBe(206);
  expect(part.headers["content-range"]).toMatch(/^bytes 0-15\/\d+$/);
  expect(part.body.length).toBe(16);

  // an unpublished story's image: not for other residents, families, strangers or other communities
  expect(
    (await httpRequest({ path: objectPath, cookie: (await as("harold.jensen")).cookie })).status,
  ).toBe(404);
  expect(
    (await httpRequest({ path: objectPath, cookie: (await as("sarah.ellis")).cookie })).status,
  ).toBe(404);
  expect((await httpRequest({ path: objectPath })).status).toBe(404);
  expect(
    (
      await httpRequest({
        sub: "maplewood",
        path: objectPath,
        cookie: (await as("janet.admin", "maplewood")).cookie,
      })
    ).status,
  ).toBe(404);
  // staff may see it (they review it)
  expect(
    (await httpRequest({ path: objectPath, cookie: (await as("marcus")).cookie })).status,
  ).toBe(200);
});

test("a 26 MB image, a text file renamed .jpg and an empty upload are refused with their fixed messages and nothing is stored", async () => {
  const margaret = await as("margaret.ellis");
  for (const [body, status, message] of [
    [overPhoneLimit(), 413, "File too large: File size must be less than 25MB"],
    [textAsJpg(), 415, "Invalid file type: Please select an image file"],
    [Buffer.alloc(0), 415, "Invalid file type: Please select an image file"],
  ] as const) {
    const u = await uploadUrl(margaret);
    const res = await putRaw(margaret, u.path, body);
    expect(res.status).toBe(status);
    expect(res.text()).toBe(message);
    expect(queryOne("SELECT id FROM media WHERE id = ?", u.mediaId)).toBeUndefined();
    // and the URL cannot be turned into an image
    expect((await putJson(margaret, "/api/story-images", { imageUrl: u.url })).status).toBe(404);
  }
});

test("an upload URL belongs to one user on one community's site", async () => {
  const margaret = await as("margaret.ellis");
  const u = await uploadUrl(margaret);
  expect((await putRaw(await as("harold.jensen"), u.path, await phonePhoto(300, 300))).status).toBe(
    403,
  );
  expect(
    (
      await httpRequest({
        sub: "maplewood",
        path: u.path,
        method: "PUT",
        cookie: (await as("eleanor.voss", "maplewood")).cookie,
        body: await phonePhoto(300, 300),
      })
    ).status,
  ).toBe(403);
  expect(
    (await httpRequest({ path: u.path, method: "PUT", body: await phonePhoto(300, 300) })).status,
  ).toBe(401);
  expect(queryOne("SELECT id FROM media WHERE id = ?", u.mediaId)).toBeUndefined();
});

test("POST /api/family/photos refuses a 6 MB image, a renamed text file and an empty upload", async () => {
  const sarah = await as("sarah.ellis");
  const boundary = "----storyloom-test-boundary";
  const multipart = (file: Buffer, name: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nA test\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const before = queryOne<{ n: number }>(
    "SELECT count(*) AS n FROM family_photos WHERE description = 'A test'",
  )!.n;
  for (const [file, name, status, message] of [
    [overPhoneLimit(), "big.jpg", 413, "File too large: File size must be less than 25MB"],
    [textAsJpg(), "notes.jpg", 415, "Invalid file type: Please select an image file"],
    [Buffer.alloc(0), "empty.jpg", 400, "Please select a photo to upload"],
  ] as const) {
    const res = await httpRequest({
      path: "/api/family/photos",
      method: "POST",
      cookie: sarah.cookie,
      body: multipart(file, name),
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(status);
    expect(res.text()).toBe(message);
  }
  expect(
    queryOne<{ n: number }>("SELECT count(*) AS n FROM family_photos WHERE description = 'A test'")!
      .n,
  ).toBe(before);
});
