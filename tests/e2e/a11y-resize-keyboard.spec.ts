// Two checks from "usable by an 85-year-old" (WCAG 2.2 AA) that axe cannot make:
//  1. 1.4.4 Resize Text: with the root font size at 200% (every rem of the tailwind layout doubles,
//     as a reader's larger default font size would; the px breakpoints stay where they are) on a
//     1280x800 screen, each main screen has no sideways scrolling; no heading, button, link or field
//     is pushed out of the window or cut off by a box that hides its overflow; no card, button or
//     badge has text running out of it; no radio button or checkbox is squeezed smaller. Only what
//     the resizing causes counts (the same page is measured at 100% first).
//  2. 2.1.1 Keyboard, 2.4.3 Focus Order, 2.4.7 Focus Visible: the record-a-story wizard goes from
//     the category to the recorder (start, pause, resume, stop) with Tab, arrow keys, Space and
//     Enter only; every Tab stop and whatever has focus after an action shows a focus ring on screen.
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  origin,
  signIn,
  httpRequest,
  sessionCookie,
  hydrated,
} from "./support/fixtures";

const nojs = () => test.info().project.name === "nojs";

// ---------------------------------------------------------------------------------------------
// 1. Text at 200%
// ---------------------------------------------------------------------------------------------

type Screen = {
  name: string;
  user: string | null;
  url: () => Promise<string>;
  /** the page's h1, to be sure the screen asked for is the one measured */
  heading: RegExp;
};

async function publishedStoryUrl(): Promise<string> {
  const cookie = await sessionCookie("linda.admin");
  const stories = (await httpRequest({ path: "/api/stories/recent?limit=50", cookie })).json<
    { id: string; title: string }[]
  >();
  const story =
    stories.find((s) => s.title === "A Red Dress at the Crystal Ballroom") ?? stories[0];
  if (!story) throw new Error("no published story in sunnybrook");
  return `/stories/${story.id}`;
}

/** Margaret Ellis's resident id (her About me and life-story book), through the residents API. */
async function margaretId(): Promise<string> {
  const cookie = await sessionCookie("linda.admin");
  const residents = (await httpRequest({ path: "/api/residents?q=margaret%20ellis", cookie })).json<
    { id: string; firstName: string; lastName: string }[]
  >();
  const margaret = residents.find((r) => r.firstName === "Margaret" && r.lastName === "Ellis");
  if (!margaret) throw new Error("Margaret Ellis is not in sunnybrook");
  return margaret.id;
}

/** The kiosks page with a kiosk on it (its table is what could widen a phone's page). */
async function kiosksWithOne(): Promise<string> {
  const cookie = await sessionCookie("linda.admin");
  const body = new URLSearchParams({
    intent: "register",
    name: `Lounge tablet with a long name ${Date.now()}`,
  }).toString();
  const res = await httpRequest({
    path: "/admin/kiosks",
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  if (res.status >= 400) throw new Error(`registering a kiosk answered ${res.status}`);
  return "/admin/kiosks";
}

const SCREENS: Screen[] = [
  {
    name: "marketing landing",
    user: null,
    url: async () => `${origin(null)}/`,
    heading: /Every resident has a story worth keeping/,
  },
  { name: "community sign-in (/login)", user: null, url: async () => "/login", heading: /./ },
  {
    name: "community home (/)",
    user: "sarah.ellis",
    url: async () => "/",
    heading: /Welcome to Storyloom/,
  },
  { name: "a story page", user: "sarah.ellis", url: publishedStoryUrl, heading: /./ },
  {
    name: "resident dashboard (/resident)",
    user: "margaret.ellis",
    url: async () => "/resident",
    heading: /./,
  },
  { name: "family page (/family)", user: "sarah.ellis", url: async () => "/family", heading: /./ },
  { name: "administration (/admin)", user: "linda.admin", url: async () => "/admin", heading: /./ },
  { name: "staff dashboard (/staff)", user: "marcus", url: async () => "/staff", heading: /./ },
  {
    name: "record wizard: category step",
    user: "margaret.ellis",
    url: async () => "/resident/record",
    heading: /Record a Story/,
  },
  {
    name: "record wizard: prompt step",
    user: "margaret.ellis",
    url: async () => "/resident/record?step=prompt&category=career&prompt=career.0",
    heading: /Record a Story/,
  },
  {
    name: "record wizard: record step",
    user: "margaret.ellis",
    url: async () => "/resident/record?step=record&category=career&prompt=career.0",
    heading: /Record a Story/,
  },
];

type Audit = {
  rootFontSize: number;
  viewportWidth: number;
  docScrollWidth: number;
  bodyScrollWidth: number;
  /** key elements whose box leaves the window sideways */
  outside: string[];
  /** key elements cut by their own or an ancestor's hidden overflow */
  clipped: string[];
  /** cards, buttons and badges whose text runs out of them (a word too long for its column) */
  spilling: string[];
  /** anything (boxes, screen-reader-only text, text runs) past the window's right edge and not
   * contained by a scrolling region: what makes the page scroll sideways */
  stickingOut: string[];
  /** radio buttons and checkboxes squeezed smaller than they were at 100% */
  shrunk: string[];
  /** how many key elements were measured (a sanity check that the audit saw the page) */
  measured: number;
};

/**
 * Measures the page at its own root font size, then at 200%, in one go, and reports what is lost
 * only at 200% (an element clipped at 100% too is a design choice, not a loss from resizing).
 * Runs in the page through the DevTools protocol, so also with the page's JavaScript off.
 */
function measureAt200(): { before: Audit; after: Audit } {
  const KEY = [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "button",
    "a[href]",
    "summary",
    "label",
    "legend",
    "input:not([type=hidden])",
    "select",
    "textarea",
    "[role=button]",
    "[role=status]",
    "[data-testid=story-prompt]",
  ].join(",");
  const doc = document.documentElement;

  const describe = (el: Element) => {
    const text = (
      el.getAttribute("aria-label") ||
      (el as HTMLElement).innerText ||
      el.textContent ||
      el.getAttribute("name") ||
      ""
    )
      .replace(/\s+/g, " ")
      .trim();
    const id = el.id ? `#${el.id}` : "";
    const cls =
      typeof el.className === "string" && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}`
        : "";
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text.slice(0, 50)}"`;
  };

  // visually hidden (sr-only), display:none, closed <details>, invisible: not shown at all
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.visibility === "hidden" || s.opacity === "0" || (s.clip && s.clip !== "auto"))
        return false;
      const ar = a.getBoundingClientRect();
      if (s.overflow !== "visible" && (ar.width <= 1 || ar.height <= 1)) return false;
    }
    return true;
  };

  /** The ancestors whose overflow applies to el: those on its containing-block chain (an absolutely
   * positioned element escapes every box up to its nearest positioned ancestor). */
  const overflowAncestors = (el: Element) => {
    const out: { el: Element; x: string; y: string }[] = [];
    let pos = getComputedStyle(el).position;
    for (let a = el.parentElement; a && a !== document.body && a !== doc; a = a.parentElement) {
      const s = getComputedStyle(a);
      const holds =
        pos === "absolute"
          ? s.position !== "static" || s.transform !== "none"
          : pos === "fixed"
            ? s.transform !== "none"
            : true;
      if (!holds) continue;
      if (s.overflowX !== "visible" || s.overflowY !== "visible")
        out.push({ el: a, x: s.overflowX, y: s.overflowY });
      pos = s.position;
    }
    return out;
  };
  const hides = (v: string) => v === "hidden" || v === "clip";
  const scrolls = (v: string) => v === "auto" || v === "scroll";

  function audit() {
    const vw = doc.clientWidth;
    const outsideEls: Element[] = [];
    const clippedEls: Element[] = [];
    let measured = 0;
    for (const el of Array.from(document.querySelectorAll(KEY))) {
      if (!shown(el)) continue;
      measured++;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      // inside a region that scrolls sideways by design (a wide table): reachable, not lost
      let inScroller = false;
      let clipped = false;
      for (const { el: a, x, y } of overflowAncestors(el)) {
        if (scrolls(x)) inScroller = true;
        const as = getComputedStyle(a);
        const ar = a.getBoundingClientRect();
        const bl = parseFloat(as.borderLeftWidth),
          br = parseFloat(as.borderRightWidth);
        const bt = parseFloat(as.borderTopWidth),
          bb = parseFloat(as.borderBottomWidth);
        // a rounded box with overflow-hidden only trims corners: allow 1px for rounding
        if (hides(x) && (r.left < ar.left + bl - 1 || r.right > ar.right - br + 1)) clipped = true;
        if (hides(y) && (r.top < ar.top + bt - 1 || r.bottom > ar.bottom - bb + 1)) clipped = true;
      }
      // its own text cut: overflow hidden (truncate, line-clamp, a fixed height) with more inside
      if (s.display !== "inline" && hides(s.overflowX) && el.scrollWidth > el.clientWidth + 1)
        clipped = true;
      if (s.display !== "inline" && hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
        clipped = true;
      if (clipped) clippedEls.push(el);
      if (!inScroller && (r.left < -1 || r.right > vw + 1)) outsideEls.push(el);
    }

    // text runs: out of their own box, or out of the window
    const spillingEls: Element[] = [];
    const sticking: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const parent = n.parentElement!;
      if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "OPTION"].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const tr = range.getBoundingClientRect();
      if (tr.width === 0 && tr.height === 0) continue;
      // the nearest box the reader sees (a card, a button, a badge: a border or a background)
      let box: Element | null = parent;
      for (; box && box !== document.body; box = box.parentElement) {
        const bs = getComputedStyle(box);
        const painted = (c: string) => c !== "transparent" && !/rgba\(.*,\s*0\)$/.test(c);
        const bordered = ["Left", "Right", "Top", "Bottom"].some(
          (side) =>
            parseFloat(bs.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
            painted(bs.getPropertyValue(`border-${side.toLowerCase()}-color`)),
        );
        if (
          bs.display !== "inline" &&
          (bordered || painted(bs.backgroundColor) || bs.backgroundImage !== "none")
        )
          break;
      }
      const holders = [
        ...(getComputedStyle(parent).overflowX !== "visible" ? [parent] : []),
        ...overflowAncestors(parent).map((o) => o.el),
      ];
      const contained = holders.some((h) => h.getBoundingClientRect().right <= vw + 1);
      if (box && box !== document.body && shown(parent)) {
        const br = box.getBoundingClientRect();
        if (tr.right > br.right + 1 || tr.left < br.left - 1) spillingEls.push(box);
      }
      if (tr.right > vw + 1 && !contained && parent.getBoundingClientRect().width > 1)
        sticking.push(
          `text "${n.textContent.trim().slice(0, 40)}" in ${describe(parent)} runs to ${Math.round(tr.right)}px`,
        );
    }
    // boxes past the right edge that no scrolling or clipping box of theirs contains
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.right <= vw + 1 || (r.width === 0 && r.height === 0)) continue;
      if (overflowAncestors(el).some(({ el: a }) => a.getBoundingClientRect().right <= vw + 1))
        continue;
      const inner = Array.from(el.children).some((c) => c.getBoundingClientRect().right > vw + 1);
      if (!inner)
        sticking.push(
          `${describe(el)}${getComputedStyle(el).position === "absolute" ? " (position:absolute)" : ""} right edge at ${Math.round(r.right)}px`,
        );
    }

    const controls = new Map<Element, DOMRect>();
    for (const el of Array.from(
      document.querySelectorAll("input[type=radio], input[type=checkbox]"),
    )) {
      if (shown(el)) controls.set(el, el.getBoundingClientRect());
    }
    return {
      controls,
      rootFontSize: parseFloat(getComputedStyle(doc).fontSize),
      viewportWidth: vw,
      docScrollWidth: doc.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
      clippedEls,
      outsideEls,
      spillingEls: Array.from(new Set(spillingEls)),
      stickingOut: Array.from(new Set(sticking)).slice(0, 8),
      measured,
    };
  }

  const before = audit();
  doc.style.setProperty("font-size", "200%", "important");
  void doc.offsetWidth; // lay out again
  const after = audit();
  const only = (now: Element[], then: Element[]) =>
    now.filter((el) => !then.includes(el)).map(describe);
  const report = (a: ReturnType<typeof audit>, then: ReturnType<typeof audit> | null): Audit => ({
    rootFontSize: a.rootFontSize,
    viewportWidth: a.viewportWidth,
    docScrollWidth: a.docScrollWidth,
    bodyScrollWidth: a.bodyScrollWidth,
    measured: a.measured,
    stickingOut: a.stickingOut,
    // only what resizing lost
    outside: only(a.outsideEls, then?.outsideEls ?? []),
    clipped: only(a.clippedEls, then?.clippedEls ?? []),
    spilling: only(a.spillingEls, then?.spillingEls ?? []),
    shrunk: Array.from(a.controls)
      .filter(([el, r]) => {
        const was = then?.controls.get(el);
        return was && (r.width < was.width - 1 || r.height < was.height - 1);
      })
      .map(
        ([el, r]) =>
          `${describe(el.closest("label") ?? el)} ${Math.round(r.width)}x${Math.round(r.height)}px, was ${Math.round(then!.controls.get(el)!.width)}px`,
      ),
  });
  return { before: report(before, null), after: report(after, before) };
}

test.describe("text resized to 200% on a 1280x800 screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const screen of SCREENS) {
    test(`${screen.name}: no sideways scrolling, nothing pushed out or cut off`, async ({
      page,
    }) => {
      if (screen.user) await signIn(page, screen.user);
      await page.goto(await screen.url());
      await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(screen.heading);
      // images settle the layout before it is measured; with JavaScript, React has hydrated (a style
      // set on <html> before that would be a hydration mismatch, not what a reader's browser does)
      await page.waitForLoadState("load");
      // (React completes <html> last, so its fiber key says the whole document is hydrated)
      await hydrated(page);

      const { before, after } = await page.evaluate(measureAt200);
      expect(after.rootFontSize, "the root font size doubled").toBeCloseTo(
        before.rootFontSize * 2,
        0,
      );
      expect(after.measured, "headings, buttons and links were measured").toBeGreaterThan(3);
      await test.info().attach(`${screen.name} at 200%`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });

      // the page itself never needs a sideways scroll bar
      const sticking = after.stickingOut.join("; ") || "nothing";
      expect
        .soft(
          after.docScrollWidth,
          `document scrollWidth at 200% (window ${after.viewportWidth}px); sticking out: ${sticking}`,
        )
        .toBeLessThanOrEqual(after.viewportWidth + 1);
      expect
        .soft(
          after.bodyScrollWidth,
          `body scrollWidth at 200% (window ${after.viewportWidth}px); sticking out: ${sticking}`,
        )
        .toBeLessThanOrEqual(after.viewportWidth + 1);
      // every heading, button, link and field stays inside the window, whole
      expect.soft(after.outside, "elements pushed out of the window at 200%").toEqual([]);
      expect.soft(after.clipped, "elements cut off by hidden overflow at 200%").toEqual([]);
      expect
        .soft(after.spilling, "cards, buttons or badges whose text runs out of them at 200%")
        .toEqual([]);
      expect
        .soft(after.shrunk, "radio buttons and checkboxes squeezed smaller at 200%")
        .toEqual([]);
      // and the h1 and every primary button are still on screen (not only in the DOM)
      await expect.soft(page.getByRole("heading", { level: 1 }).first()).toBeInViewport();
      for (const button of await page.locator(".btn-primary:visible").all()) {
        const box = (await button.boundingBox())!;
        const name = (await button.innerText()).replace(/\s+/g, " ");
        expect
          .soft(box.x, `primary button "${name}" starts inside the window`)
          .toBeGreaterThanOrEqual(-1);
        expect
          .soft(box.x + box.width, `primary button "${name}" ends inside the window`)
          .toBeLessThanOrEqual(after.viewportWidth + 1);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 2. The record wizard by keyboard
// ---------------------------------------------------------------------------------------------

type Focused = {
  tag: string;
  type: string | null;
  name: string;
  value: string | null;
  checked: boolean | null;
  disabled: boolean;
  focusVisible: boolean;
  /** a visible focus indicator on the element (or the radio's label): outline or box-shadow ring */
  ring: string | null;
  inViewport: boolean;
  inRecorder: boolean;
} | null;

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const ringOf = (e: Element) => {
      const s = getComputedStyle(e);
      const transparent = (c: string) => c === "transparent" || /rgba\(.*,\s*0\)$/.test(c);
      if (
        s.outlineStyle !== "none" &&
        parseFloat(s.outlineWidth) >= 2 &&
        !transparent(s.outlineColor)
      ) {
        return `outline ${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`;
      }
      if (s.boxShadow && s.boxShadow !== "none") return `box-shadow ${s.boxShadow}`;
      return null;
    };
    const label = el.closest("label");
    const input = el as HTMLInputElement;
    const r = el.getBoundingClientRect();
    const name = (
      el.getAttribute("aria-label") ||
      input.labels?.[0]?.innerText ||
      el.innerText ||
      ""
    )
      .replace(/\s+/g, " ")
      .trim();
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute("type"),
      name,
      value: "value" in el ? input.value : null,
      checked: el.tagName === "INPUT" ? input.checked : null,
      disabled: (el as HTMLButtonElement).disabled === true,
      focusVisible: el.matches(":focus-visible"),
      ring: ringOf(el) ?? (label ? ringOf(label) : null),
      inViewport:
        r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1,
      inRecorder: !!el.closest("[data-testid=audio-recorder]"),
    };
  });
}

const show = (f: Focused) =>
  f ? `<${f.tag}${f.type ? ` type=${f.type}` : ""}> "${f.name}"` : "nothing (the page itself)";

/** Whatever has focus shows it: a keyboard focus ring, on screen. */
async function expectFocusShown(page: Page, where: string, soft = false) {
  const f = await focused(page);
  const check = soft ? expect.soft : expect;
  check(f, `${where}: something has focus`).not.toBeNull();
  if (!f) return;
  check(f.focusVisible, `${where}: ${show(f)} matches :focus-visible`).toBe(true);
  check(f.ring, `${where}: ${show(f)} shows a focus ring`).not.toBeNull();
  check(f.inViewport, `${where}: ${show(f)} is on screen`).toBe(true);
}

/** Presses Tab until focus is on what `matches` wants; every stop on the way must show its focus. */
async function tabTo(
  page: Page,
  what: string,
  matches: (f: NonNullable<Focused>) => boolean,
  key = "Tab",
  max = 60,
) {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    visited.push(show(f));
    if (!f) continue;
    expect(f.ring, `Tab stop ${show(f)} on the way to ${what} shows a focus ring`).not.toBeNull();
    if (matches(f)) return f;
  }
  throw new Error(
    `${what} not reached with ${max} presses of ${key}; focus went: ${visited.join(" -> ")}`,
  );
}

const named = (re: RegExp, tag?: string) => (f: NonNullable<Focused>) =>
  re.test(f.name) && (!tag || f.tag === tag);

/** Category (radios with Space and arrow keys), Continue, a new prompt, and on to the record step. */
async function categoryAndPromptByKeyboard(page: Page) {
  await signIn(page, "margaret.ellis");
  await page.goto("/resident/record");
  await expect(page.getByRole("heading", { name: "Record a Story" })).toBeVisible();
  const cont = page.getByRole("button", { name: "Continue to Prompt" });
  // with JavaScript the button waits for a choice: that it is disabled also says the page is hydrated
  if (!nojs()) await expect(cont).toBeDisabled();

  // 1 Category: Tab into the radio group, Space picks the first, arrows move on to Travel
  const first = await tabTo(
    page,
    "the first category",
    (f) => f.tag === "input" && f.type === "radio",
  );
  await expectFocusShown(page, "the first category radio");
  await page.keyboard.press("Space");
  expect((await focused(page))?.checked, `Space checks ${show(first)}`).toBe(true);
  let now = await focused(page);
  for (let i = 0; i < 9 && now?.value !== "travel"; i++) {
    await page.keyboard.press("ArrowDown");
    now = await focused(page);
    expect(now?.checked, `ArrowDown checks the radio it moves to (${show(now)})`).toBe(true);
    await expectFocusShown(page, `category radio ${show(now)}`);
  }
  expect(now?.value, "the arrow keys reached Travel").toBe("travel");
  await expect(page.getByLabel("Travel")).toBeChecked();

  const button = await tabTo(page, "Continue to Prompt", named(/Continue to Prompt/, "button"));
  expect(button.disabled, "Continue is enabled once a category is chosen").toBe(false);
  await expectFocusShown(page, "Continue to Prompt");
  await page.keyboard.press("Enter");

  // 2 Prompt: New Prompt with Enter, then Start Recording (a link) with Enter
  await expect(page).toHaveURL(/step=prompt&category=travel&prompt=/);
  const prompt = page.getByTestId("story-prompt");
  const before = (await prompt.textContent())!.trim();
  await tabTo(page, "New Prompt", named(/^New Prompt$/, "button"));
  await expectFocusShown(page, "New Prompt");
  await page.keyboard.press("Enter");
  await expect(prompt).not.toHaveText(before);
  await expect(page).toHaveURL(/step=prompt&category=travel&prompt=/);
  await tabTo(page, "Start Recording on the prompt step", named(/^Start Recording$/, "a"));
  await expectFocusShown(page, "the Start Recording link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/step=record&category=travel&prompt=/);
  await expect(page.getByRole("heading", { name: "Record your story" })).toBeVisible();
}

test.describe("the record wizard by keyboard alone", () => {
  test("category, Continue, New Prompt and Start Recording with Tab, arrows, Space and Enter; focus always shows", async ({
    page,
  }) => {
    await categoryAndPromptByKeyboard(page);
    // 3 Record: the recorder's Start button (JavaScript) or the file field and its button (without)
    if (nojs()) {
      await tabTo(page, "the recording file field", (f) => f.tag === "input" && f.type === "file");
      await expectFocusShown(page, "the recording file field");
      await tabTo(page, "Transcribe My Recording", named(/Transcribe My Recording/, "button"));
      await expectFocusShown(page, "Transcribe My Recording");
    } else {
      const start = await tabTo(
        page,
        "the recorder's Start Recording",
        (f) => f.tag === "button" && /Start Recording/.test(f.name),
      );
      expect(start.disabled).toBe(false);
      await expectFocusShown(page, "the recorder's Start Recording");
      // the file alternative is a <details> that opens with the keyboard too
      await tabTo(page, "Or choose a recording saved on this device", (f) => f.tag === "summary");
      await expectFocusShown(page, "the saved-recording summary");
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("Your recording")).toBeVisible();
      await tabTo(page, "the recording file field", (f) => f.tag === "input" && f.type === "file");
      await expectFocusShown(page, "the recording file field");
    }
  });

  test("the recorder: start, pause, resume and stop with Enter and Space; focus stays on the recorder", async ({
    page,
  }) => {
    test.skip(
      nojs(),
      "without JavaScript the record step is a file field, no live recorder (covered by the test above)",
    );
    test.setTimeout(120_000);
    await categoryAndPromptByKeyboard(page);
    const status = page.getByTestId("recorder-status");
    const elapsed = page.getByTestId("recorder-elapsed");
    await expect(status).toHaveText("Ready to Record");

    // start with Enter (Chromium's fake microphone, see playwright.config.ts)
    await tabTo(
      page,
      "the recorder's Start Recording",
      (f) => f.tag === "button" && /Start Recording/.test(f.name),
    );
    await expectFocusShown(page, "the recorder's Start Recording");
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Recording...");
    await expect(elapsed).toHaveText("0:01", { timeout: 10_000 });
    // the Start button is replaced by Pause and Stop: focus must not fall back to the page, or a
    // keyboard user no longer sees where they are
    await expectFocusShown(page, "right after starting with Enter", true);
    expect
      .soft((await focused(page))?.inRecorder, "focus is on a recorder control after starting")
      .toBe(true);

    // pause with Space
    await tabTo(page, "Pause", named(/^Pause$/, "button"));
    await expectFocusShown(page, "Pause");
    await page.keyboard.press("Space");
    await expect(status).toHaveText("Paused");
    const paused = (await elapsed.textContent())!;
    await page.waitForTimeout(1500);
    await expect(elapsed, "the clock stands still while paused").toHaveText(paused);
    // the same button now says Resume and keeps focus
    expect((await focused(page))?.name, "focus stays on the Pause/Resume button").toBe("Resume");
    await expectFocusShown(page, "Resume, right after pausing");

    // resume with Enter
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Recording...");
    expect((await focused(page))?.name, "focus stays on the Pause/Resume button").toBe("Pause");
    await expectFocusShown(page, "Pause, right after resuming");

    // stop with Space
    await tabTo(page, "Stop", named(/Stop$/, "button"));
    await expectFocusShown(page, "Stop");
    await page.keyboard.press("Space");
    await expect(status).toHaveText("Recording Ready");
    // handed over for transcription at once; focus still somewhere a keyboard user can see
    await expect(page.getByRole("button", { name: "Start Recording" })).toHaveCount(0);
    await expectFocusShown(page, "right after stopping with Space", true);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A 320 px wide window (1.4.10 Reflow) and 44 px targets (2.5.5, the project's rule)
// ---------------------------------------------------------------------------------------------

/** Every screen of every role (the screenshot gallery's list, scripts/screenshots.ts). */
const NARROW_SCREENS: { user: string | null; paths: (() => Promise<string>)[] }[] = [
  {
    user: null,
    paths: [
      async () => "/",
      async () => "/login",
      async () => "/privacy",
      async () => `${origin(null)}/`,
    ],
  },
  {
    user: "sarah.ellis",
    paths: [
      async () => "/",
      async () => "/family",
      async () => "/stories",
      publishedStoryUrl,
      async () => "/news",
      async () => "/events",
      async () => "/notifications",
      async () => "/notifications/settings",
      async () => "/family/gazette",
      async () => "/account/sessions",
      async () => "/family/erase",
    ],
  },
  {
    user: "margaret.ellis",
    paths: [
      async () => "/resident",
      async () => "/resident/record",
      async () => "/resident/stories/new",
      async () => `/residents/${await margaretId()}/about`,
      async () => `/residents/${await margaretId()}/book`,
      async () => `${await publishedStoryUrl()}/audience`,
    ],
  },
  {
    user: "marcus",
    paths: [
      "/staff",
      "/staff/residents",
      "/staff/families",
      "/staff/calendar",
      "/staff/news",
      "/staff/bulletin",
    ].map((p) => async () => p),
  },
  {
    user: "linda.admin",
    paths: [
      "/admin",
      "/admin/residents",
      "/admin/families",
      "/admin/stories",
      "/admin/staff",
      "/admin/calendar",
      "/admin/news",
      "/admin/settings",
      "/admin/audit",
    ]
      .map((p) => async () => p)
      .concat(kiosksWithOne),
  },
];

/**
 * What is too small to touch: a link, button, field, summary or control whose box (a checkbox's or
 * radio's label) is under `min` px either way. A link inside a sentence is exempt (WCAG 2.5.5's
 * inline exception), as is what is not shown (sr-only text, a closed menu).
 */
function smallTargets(min: number): string[] {
  const out: string[] = [];
  const sel = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
    const s = getComputedStyle(el);
    let r = el.getBoundingClientRect();
    if (
      r.width <= 1 ||
      r.height <= 1 ||
      s.visibility === "hidden" ||
      el.closest(".sr-only, [aria-hidden=true]")
    )
      continue;
    if (el.tagName === "A" && s.display === "inline") {
      const parentText = (el.parentElement?.innerText ?? "").trim();
      if (parentText.length > el.innerText.trim().length) continue; // a link in a sentence
    }
    const input = el as HTMLInputElement;
    if (el.tagName === "INPUT" && (input.type === "checkbox" || input.type === "radio")) {
      const label = el.closest("label") ?? input.labels?.[0];
      if (label) r = label.getBoundingClientRect();
    }
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (
        el.getAttribute("aria-label") ||
        el.innerText ||
        input.value ||
        el.getAttribute("name") ||
        ""
      )
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
      out.push(
        `<${el.tagName.toLowerCase()}> "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`,
      );
    }
  }
  return out;
}

test.describe("a 320 px wide window", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const group of NARROW_SCREENS) {
    test(`${group.user ?? "signed out"}: no sideways scrolling and every target at least 44 px (also at 1366 px)`, async ({
      page,
    }) => {
      if (group.user) await signIn(page, group.user);
      for (const path of group.paths) {
        const url = await path();
        await page.goto(url);
        await page.waitForLoadState("load");
        const width = await page.evaluate(() => ({
          doc: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
          window: window.innerWidth,
        }));
        expect
          .soft(Math.max(width.doc, width.body), `${url}: page width at a 320 px window`)
          .toBeLessThanOrEqual(width.window);
        expect
          .soft(await page.evaluate(smallTargets, 44), `${url}: targets under 44 px`)
          .toEqual([]);
      }
      // and on a desktop, where the header and the tables show more
      await page.setViewportSize({ width: 1366, height: 768 });
      for (const path of group.paths) {
        const url = await path();
        await page.goto(url);
        expect
          .soft(await page.evaluate(smallTargets, 44), `${url}: targets under 44 px at 1366 px`)
          .toEqual([]);
      }
    });
  }
});

test.describe("a lounge kiosk (a 1024x768 touch screen)", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  test("every target on the community home and the resident's pages is at least 64 px", async ({
    page,
  }) => {
    await signIn(page, "margaret.ellis");
    for (const url of [
      "/",
      "/resident",
      "/resident/record",
      "/stories",
      `/residents/${await margaretId()}/book`,
      `${await publishedStoryUrl()}/audience`,
    ]) {
      await page.goto(url);
      expect(
        await page.evaluate(() => matchMedia("(pointer: coarse)").matches),
        "the kiosk's screen is a touch screen",
      ).toBe(true);
      expect.soft(await page.evaluate(smallTargets, 64), `${url}: targets under 64 px`).toEqual([]);
    }
  });
});
