import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { test, expect, origin, httpRequest, PORT } from "./support/fixtures";

const MARKETING = origin(null);
const nojs = () => test.info().project.name === "nojs";

function leadsWithEmail(
  email: string,
): { name: string; facility: string; phone: string | null; message: string | null }[] {
  const db = new Database(`test-data/e2e-${PORT}/control.sqlite`, { readonly: true });
  try {
    return db
      .prepare("SELECT name, facility, phone, message FROM leads WHERE email = ?")
      .all(email) as never;
  } finally {
    db.close();
  }
}

function postContact(fields: Record<string, string>) {
  return httpRequest({
    sub: null,
    path: "/?index",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

test.describe("the marketing landing page", () => {
  test("has every section of the landing page, with working anchors", async ({ page }) => {
    await page.goto(`${MARKETING}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Every resident has a story worth keeping",
    );
    // no community header here: the page brings its own navigation
    await expect(page.getByText("Unable to load facility information")).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Site" });
    await expect(nav.getByRole("link")).toHaveText([
      "Features",
      "How It Works",
      "Pricing",
      "Contact",
    ]);
    for (const [name, id] of [
      ["Features", "features"],
      ["How It Works", "how-it-works"],
      ["Pricing", "pricing"],
      ["Contact", "contact"],
    ]) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", `#${id}`);
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.getByRole("link", { name: "Admin Login" }).first()).toHaveAttribute(
      "href",
      "/super-admin",
    );
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "#contact",
    );

    const features = page.getByRole("region", { name: "Features" });
    await expect(features.getByRole("heading", { level: 3 })).toHaveText([
      "Story Creation",
      "Photo & Media",
      "Family Sharing",
      "Privacy & Security",
      "Multi-Tenant",
      "Timeline Views",
    ]);
    await expect(page.getByRole("heading", { name: "The problem" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our solution" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "How It Works" }).getByRole("heading", { level: 3 }),
    ).toHaveText([
      "Step 1: Set up your facility",
      "Step 2: Add residents",
      "Step 3: Capture stories",
      "Step 4: Share with families",
    ]);
    for (const b of ["For facilities", "For residents", "For families"])
      await expect(page.getByRole("heading", { name: b })).toBeVisible();

    const pricing = page.getByRole("region", { name: "Pricing" });
    const plans = pricing.getByRole("listitem");
    await expect(plans).toHaveCount(4);
    const expected = [
      ["Starter", "0-25 residents", "$49"],
      ["Professional", "26-50 residents", "$89"],
      ["Enterprise", "51-100 residents", "$149"],
      ["Premium", "100+ residents", "Custom pricing"],
    ];
    for (const [i, [name, size, price]] of expected.entries()) {
      await expect(plans.nth(i).getByRole("heading")).toHaveText(name!);
      await expect(plans.nth(i)).toContainText(size!);
      await expect(plans.nth(i)).toContainText(price!);
    }
    await expect(plans.nth(1)).toContainText("Most Popular");
    for (const claim of [
      "30-day free trial",
      "No credit card required",
      "30-day money-back guarantee",
      "Setup in under 30 minutes",
    ]) {
      await expect(pricing).toContainText(claim);
    }
    await pricing.getByRole("link", { name: "View Detailed Comparison" }).click();
    await expect(page).toHaveURL(/#compare$/);
    await expect(page.getByRole("table", { name: /Plan comparison/ })).toBeVisible();

    await page.getByRole("link", { name: "Start Free Trial" }).first().click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} Storyloom`);
  });

  test("the contact form refuses missing and malformed fields, then stores the lead and thanks the visitor", async ({
    page,
  }) => {
    const email = `${test.info().project.name}-${Date.now()}@oak.example`;
    await page.goto(`${MARKETING}/#contact`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await expect(page.getByText("Please enter your facility's name")).toBeVisible();
    await page.getByLabel("Your name").fill("Ann Lee");
    await page.getByLabel("Email").fill("ann-at-oak");
    await page.getByLabel("Facility name").fill("Oak House");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Please enter a valid email address, like name@example.com"),
    ).toBeVisible();
    await expect(page.getByText("Please enter your name")).toHaveCount(0);
    await expect(page.getByLabel("Your name")).toHaveValue("Ann Lee");
    expect(leadsWithEmail("ann-at-oak")).toHaveLength(0);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Message/).fill("We have 40 residents.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(page).toHaveURL(/\?sent=1#contact$/);
    expect(leadsWithEmail(email)).toEqual([
      { name: "Ann Lee", facility: "Oak House", phone: null, message: "We have 40 residents." },
    ]);
  });

  // every e2e request comes from one address, so the hourly limit itself is tested in
  // tests/integration/home-stats.test.ts; here one honeypot post per project stays well under it
  test("a filled honeypot is thanked but not stored", async () => {
    const email = `bot-${test.info().project.name}@spam.example`;
    const trap = await postContact({
      name: "Bot",
      email,
      facility: "Spam Inc",
      website: "http://spam.example",
    });
    expect(trap.status).toBe(302);
    expect(trap.headers.location).toBe("/?sent=1#contact");
    expect(leadsWithEmail(email)).toHaveLength(0);
  });

  test("the privacy and terms pages are real on both hosts", async ({ page }) => {
    for (const base of [MARKETING, origin("sunnybrook")]) {
      await page.goto(`${base}/privacy`);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Who can see it" })).toBeVisible();
      await page.getByRole("link", { name: "Terms of Service" }).last().click();
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    }
    // on a community host the pages name the community that runs the site
    await expect(
      page.getByText(
        "These terms apply to everyone who uses Storyloom at Sunnybrook Senior Living.",
      ),
    ).toBeVisible();
    await page.goto(`${origin("sunnybrook")}/privacy`);
    await expect(page.getByRole("link", { name: "hello@sunnybrook.example" })).toHaveAttribute(
      "href",
      "mailto:hello@sunnybrook.example",
    );
  });

  test("the landing page has no WCAG 2.2 AA violations", async ({ page }) => {
    test.skip(nojs(), "axe needs JavaScript");
    await page.goto(`${MARKETING}/`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});
