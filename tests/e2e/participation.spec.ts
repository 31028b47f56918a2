// A resident's activities: the overview reminds of a new resident's activity assessment from day 7
// (overdue from day 14) until it is saved on her activities page; the participation API answers
// only those who may see it.
import { test, expect, signIn } from "./support/fixtures";
import { api, dayIn, uid } from "./support/api";

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
