// Prompts from a resident's own decades, in the browser and over HTTP: Dorothy (born 1941) is
// asked about the decades she lived through at ten to thirty among her category's prompts.
import { expect, httpRequest, sessionCookie, signIn, test } from "./support/fixtures";

const HER_DECADES = /1950s|1960s|1970s/;

test("the record wizard mixes prompts from her decades into New Prompt", async ({ page }) => {
  await signIn(page, "dorothy.kowalski");
  await page.goto("/resident/record?step=prompt&category=travel");
  const prompt = page.getByTestId("story-prompt");
  const shown: string[] = [(await prompt.textContent())!.trim()];
  // family questions come first; after them, every third prompt is from one of her decades
  for (let i = 0; i < 6 && !shown.some((s) => HER_DECADES.test(s)); i++) {
    await page.getByRole("button", { name: "New Prompt" }).click();
    await expect(prompt).not.toHaveText(shown[shown.length - 1]!);
    shown.push((await prompt.textContent())!.trim());
  }
  expect(
    shown.filter((s) => HER_DECADES.test(s)),
    shown.join("\n"),
  ).toHaveLength(1);
  // the prompt travels on with the wizard
  const decadePrompt = shown[shown.length - 1]!;
  await expect(page).toHaveURL(/prompt=decade\.\d{4}s\.\d+/);
  await page.getByRole("link", { name: "Start Recording" }).click();
  await expect(page).toHaveURL(/step=record/);
  await expect(page.getByTestId("story-prompt")).toHaveText(decadePrompt);
});

test("the prompt call says which decade a prompt names", async () => {
  test.skip(test.info().project.name === "nojs", "plain HTTP: once is enough");
  const signedIn = await sessionCookie("dorothy.kowalski");
  let cookie = signedIn;
  const decades: (string | null)[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await httpRequest({ path: "/api/story-prompt/childhood", cookie });
    expect(res.status).toBe(200);
    const body = res.json<{ prompt: string; key: string; decade: string | null }>();
    expect(body).toHaveProperty("decade");
    if (body.decade) expect(body.prompt).toContain(body.decade);
    decades.push(body.decade);
    const history = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    cookie = `${signedIn}; ${history}`;
  }
  expect(decades.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  for (const d of decades.filter(Boolean)) expect(["1950s", "1960s", "1970s"]).toContain(d);

  const admin = await sessionCookie("linda.admin");
  const unknown = await httpRequest({
    path: "/api/story-prompt/childhood?residentId=no-such-resident",
    cookie: admin,
  });
  expect(unknown.status).toBe(404);
  expect(unknown.text()).toBe("Resident not found");
});
