// A resident's activities: the overview reminds of a new resident's activity assessment from day 7
// (overdue from day 14) until it is saved on her activities page; the participation API answers
// only those who may see it.
import { test, expect, signIn, httpRequest } from "./support/fixtures";
import { acceptInvitation, api, dayIn, uid } from "./support/api";

const TZ = "America/Los_Angeles";

async function newResident(days: number) {
  const last = `Due${uid()}`;
  const res = await api<{ id: string }>("linda.admin", "/api/residents", "POST", {
    firstName: "Nora",
    lastName: last,
    admissionDate: dayIn(TZ, -days),
  });
  expect(res.status).toBe(201);
  return { id: res.json.id, name: `Nora ${last}` };
}

test("a new resident is due from day 7, overdue from day 14, gone once assessed", async ({
  page,
}) => {
  const due = await newResident(8);
  const late = await newResident(15);
  await signIn(page, "linda.admin");
  await page.goto("/admin");
  const box = page.getByTestId("assessments-due");
  await expect(box.getByRole("listitem").filter({ hasText: due.name })).toContainText(
    "day 8 of 14",
  );
  await expect(box.getByRole("listitem").filter({ hasText: late.name })).toContainText(
    "overdue (day 15)",
  );
  await box.getByRole("link", { name: due.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/residents/${due.id}/activities$`));
  await page.getByLabel("Assessment done on").fill(dayIn(TZ, -1));
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Activity profile saved")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByTestId("assessments-due").getByText(due.name)).toHaveCount(0);
  await expect(page.getByTestId("assessments-due")).toContainText(late.name);
});

test("the participation API refuses bad ranges and another family's resident", async () => {
  const other = await newResident(1);
  const from = dayIn(TZ, -30);
  const to = dayIn(TZ, 0);
  expect(
    (await api("linda.admin", `/api/residents/${other.id}/participation?from=${from}&to=${to}`))
      .status,
  ).toBe(200);
  expect(
    (await api("sarah.ellis", `/api/residents/${other.id}/participation?from=${from}&to=${to}`))
      .status,
  ).toBe(403);
  expect(
    (await api("linda.admin", `/api/residents/${other.id}/participation?from=${to}&to=${from}`))
      .status,
  ).toBe(to === from ? 200 : 400);
  expect(
    (
      await api(
        "linda.admin",
        `/api/residents/${other.id}/participation?from=2025-01-01&to=2026-06-01`,
      )
    ).status,
  ).toBe(400);
  expect(
    (await api("linda.admin", `/api/residents/nobody/participation?from=${from}&to=${to}`)).status,
  ).toBe(404);
});

test("a family sees what her resident joined this week only while it is shared with them", async ({
  page,
  browser,
}) => {
  const id = uid();
  const resident = await api<{ id: string }>("linda.admin", "/api/residents", "POST", {
    firstName: "Ivy",
    lastName: `Share${id}`,
  });
  expect(resident.status).toBe(201);
  const residentId = resident.json.id;
  const member = await api("linda.admin", "/api/family-members", "POST", {
    residentId,
    name: `June Share${id}`,
    email: `june.${id}@family.example`,
    relationship: "Daughter",
  });
  expect(member.status).toBe(201);
  // she accepts her invitation and is signed in
  const password = `a-long-password-${id}-${id}`;
  const cookie = await acceptInvitation(
    page,
    member.json.invitation.url as string,
    member.json.signIn.username as string,
    password,
  );
  // Ivy joins today's quiz
  const today = dayIn(TZ, 0);
  const quiz = await api<{ id: string }>("linda.admin", "/api/calendar-events", "POST", {
    title: `Quiz ${id}`,
    eventDate: today,
  });
  expect(quiz.status).toBe(201);
  const marked = await api(
    "linda.admin",
    `/api/calendar-events/${quiz.json.id}/occurrences/${today}/attendance`,
    "PUT",
    [{ residentId, status: "attended" }],
  );
  expect(marked.status, marked.text).toBe(200);
  const range = `from=${dayIn(TZ, -7)}&to=${today}`;

  // not shared: nothing on her page, and the API refuses her
  await page.goto("/family");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("joined-this-week")).toHaveCount(0);
  await page.goto("/family/gazette");
  await expect(page.getByTestId("gazette-activities")).toHaveCount(0);
  const refused = await httpRequest({
    path: `/api/residents/${residentId}/participation?${range}`,
    cookie,
  });
  expect(refused.status).toBe(403);

  // her representative agrees, and staff say so on Ivy's activities page
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, "linda.admin");
  await admin.goto(`/admin/residents/${residentId}/activities`);
  await admin.getByLabel(/Her family may see which activities Ivy joined/).check();
  await admin.getByLabel("Her representative").check();
  await admin.getByRole("button", { name: "Save sharing" }).click();
  await expect(admin.getByText("Sharing saved")).toBeVisible();
  await staff.close();

  await page.goto("/family");
  await expect(page.getByTestId("joined-this-week")).toHaveText(`This week Ivy joined Quiz ${id}`);
  // and her monthly gazette lists it (a quiz on the 1st of a month may fall in the week before)
  await page.goto(`/family/gazette?month=${today.slice(0, 7)}`);
  await expect(page.getByTestId("gazette-activities")).toContainText(`Quiz ${id}`);
  const shared = await httpRequest({
    path: `/api/residents/${residentId}/participation?${range}`,
    cookie,
  });
  expect(shared.status).toBe(200);
  expect(shared.text()).toContain(`Quiz ${id}`);
});

test("staff sign the quarterly note drafted from the log; an empty note is refused", async ({
  page,
}) => {
  const nora = await newResident(20);
  await signIn(page, "linda.admin");
  await page.goto(`/admin/residents/${nora.id}/activities`);
  const body = page.getByTestId("note-body");
  await expect(body).toHaveValue(/^Nora, \d{4}-Q[1-4]: attended 0 programs/);
  await expect(page.getByTestId("note-state")).toHaveText("Not signed yet.");
  await body.fill("");
  await page.getByRole("button", { name: "Sign the note" }).click();
  await expect(page.getByText("Write the note before saving it.")).toBeVisible();
  await body.fill("Nora settled in well. What changed: she now joins the choir.");
  await page.getByRole("button", { name: "Sign the note" }).click();
  await expect(page.getByTestId("note-state")).toHaveText(/^Signed by Linda Okafor on /);
  await expect(body).toHaveValue("Nora settled in well. What changed: she now joins the choir.");
  await page.goto("/admin/audit?kind=programs");
  await expect(page.getByText(`${nora.name}:`, { exact: false }).first()).toBeVisible();
});
