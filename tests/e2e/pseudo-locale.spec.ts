// Every screen of every role in the pseudo-locale en-XA (every catalog letter accented, every vowel
// doubled): any run of plain English that is not what people wrote (names, stories, the
// community's name: read from the databases) bypassed the catalogs and fails the test, as does a
// page wider than a 390 px phone. Runs with JavaScript on and off, after the other projects (it
// switches the demo accounts to en-XA).
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { test, expect, origin, signIn, PORT } from "./support/fixtures";
import { queryOne } from "./support/media-helpers";
import { untranslatedRuns, userContentCorpus } from "../helpers/untranslated";
import { pageStrings } from "./support/i18n";

const DATA_DIR = `test-data/e2e-${PORT}`;

/** A community's id in the control database (the super admin's edit page names it). */
function communityId(sub: string): string {
  const control = new Database(`${DATA_DIR}/control.sqlite`, { readonly: true });
  try {
    return (
      control.prepare("select id from communities where subdomain = ?").get(sub) as { id: string }
    ).id;
  } finally {
    control.close();
  }
}
let corpus = "";

/** What on the page did not come from a catalog, and whether it is wider than the phone. */
async function problemsOf(page: Page, url: string): Promise<string[]> {
  const strings = await pageStrings(page);
  let runs = untranslatedRuns(strings, corpus);
  if (runs.length) {
    // what other tests wrote since: read the databases again before blaming the page
    corpus = userContentCorpus(DATA_DIR);
    runs = untranslatedRuns(strings, corpus);
  }
  const problems = runs.map((r) => `${url}: ${JSON.stringify(r)}`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  if (overflow > 1) problems.push(`${url}: ${overflow}px wider than the 390 px screen`);
  return problems;
}

/** Signs in and switches the account to the pseudo-locale (the language form, as a person would). */
async function signInPseudo(page: Page, user: string | null, sub: string | null = "sunnybrook") {
  if (user) await signIn(page, user, sub);
  await page.goto(`${origin(sub)}/account`);
  if (!user) await page.goto(`${origin(sub)}/login`);
  await page.getByTestId("display-menu").locator("summary").click();
  await page.getByTestId("display-menu").getByTestId("language-en-XA").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
}

function storyId(where = "1 = 1"): string {
  return queryOne<{ id: string }>(
    `select id from stories where ${where} order by created_at limit 1`,
  )!.id;
}

const SCREENS: { user: string | null; sub?: string | null; paths: () => string[] }[] = [
  {
    user: null,
    paths: () => [
      "/login",
      "/forgot-password",
      "/forgot-password?sent=1",
      "/reset-password?token=not-a-real-token",
      "/privacy",
      "/terms",
      "/no-such-page",
    ],
  },
  { user: null, sub: null, paths: () => ["/", "/login", "/dev-login", "/forgot-password"] },
  {
    user: "sarah.ellis",
    paths: () => [
      "/",
      "/family",
      "/family?dialog=photo",
      "/family?dialog=question",
      "/family/gazette",
      "/family/erase",
      "/stories",
      `/stories/${storyId("is_published = 1 and audience != 'private'")}`,
      "/news",
      `/news/${queryOne<{ id: string }>("select id from news_posts limit 1")!.id}`,
      "/events",
      "/events/past",
      "/notifications",
      "/notifications/settings",
      "/account",
      "/account/sessions",
      "/password",
      "/admin",
    ],
  },
  {
    user: "margaret.ellis",
    paths: () => [
      "/",
      "/resident",
      "/resident/record",
      "/resident/stories/new",
      `/resident/stories/${storyId("resident_id = (select resident_id from stories s join residents r on r.id = s.resident_id where r.first_name = 'Margaret' limit 1)")}/edit`,
      `/stories/${storyId("resident_id = (select id from residents where first_name = 'Margaret' limit 1)")}/audience`,
      "/notifications",
    ],
  },
  {
    user: "marcus",
    paths: () => {
      const resident = queryOne<{ id: string }>(
        "select id from residents where is_active = 1 limit 1",
      )!.id;
      const member = queryOne<{ id: string }>("select id from family_members limit 1")!.id;
      const event = queryOne<{ id: string }>("select id from calendar_events limit 1")!.id;
      const once = queryOne<{ id: string; event_date: string }>(
        "select id, event_date from calendar_events where recurrence is null and is_active = 1 limit 1",
      )!;
      const post = queryOne<{ id: string }>("select id from news_posts limit 1")!.id;
      return [
        "/staff",
        "/staff/bulletin",
        "/staff/residents",
        "/staff/residents/new",
        `/staff/residents/${resident}`,
        `/staff/residents/${resident}/invitation`,
        `/staff/residents/${resident}/kiosk`,
        `/staff/residents/${resident}/gazette`,
        "/staff/residents/print",
        "/staff/families",
        "/staff/families/new",
        `/staff/families/${member}`,
        `/staff/families/${member}/invitation`,
        `/staff/families/${member}/password-link`,
        "/staff/news",
        "/staff/news/new",
        `/staff/news/${post}`,
        "/staff/calendar",
        "/staff/calendar?view=month",
        "/staff/calendar/new",
        `/staff/calendar/${event}`,
        "/staff/calendar?view=week",
        `/staff/calendar/${once.id}/occurrences/${once.event_date}`,
        `/staff/calendar/${once.id}/duplicate`,
        "/staff/calendar/subscribe",
        "/staff/today",
        "/staff/circles",
        "/staff/visits/new",
        `/staff/residents/${resident}/activities`,
        `/residents/${resident}/about`,
        `/residents/${resident}/book`,
      ];
    },
  },
  {
    user: "linda.admin",
    paths: () => {
      const pending = queryOne<{ id: string }>(
        "select id from stories order by review_status = 'pending' desc limit 1",
      )!.id;
      const staff = "/admin/staff";
      const member = queryOne<{ id: string }>("select id from family_members limit 1")!.id;
      const control = new Database(`${DATA_DIR}/control.sqlite`, { readonly: true });
      const marcus = (
        control.prepare("select id from users where username = 'marcus'").get() as { id: string }
      ).id;
      control.close();
      return [
        "/admin",
        "/admin/residents",
        "/admin/residents?q=zzzz",
        "/admin/import",
        "/admin/families",
        "/admin/families/merge",
        "/admin/stories",
        `/admin/stories/${pending}`,
        staff,
        "/admin/staff/new",
        `/admin/families/${member}/password-link`,
        `${staff}/${marcus}/password-link`,
        "/admin/calendar",
        "/admin/calendar?view=week",
        "/admin/today",
        "/admin/reports",
        "/admin/news",
        "/admin/library",
        "/admin/circles",
        "/admin/settings",
        "/admin/audit",
        "/admin/kiosks",
      ];
    },
  },
  {
    user: "superadmin",
    sub: null,
    paths: () => [
      "/super-admin",
      "/super-admin/communities",
      `/super-admin/communities/${communityId("sunnybrook")}`,
      "/super-admin/users",
      "/super-admin/users?dialog=add-staff",
      "/super-admin/settings",
    ],
  },
];

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(() => {
  corpus = userContentCorpus(DATA_DIR);
});

for (const group of SCREENS) {
  test(`every screen of ${group.user ?? `a visitor on ${group.sub === null ? "the main site" : "a community"}`} comes from the catalogs`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const sub = group.sub === undefined ? "sunnybrook" : group.sub;
    await signInPseudo(page, group.user, sub);
    const problems: string[] = [];
    for (const path of group.paths()) {
      await page.goto(`${origin(sub)}${path}`);
      problems.push(...(await problemsOf(page, path)));
    }
    expect(problems, "text outside the catalogs, or wider than a phone").toEqual([]);
  });
}
