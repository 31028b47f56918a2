// `npm run screenshots`: the gallery for reviewing every screen. Starts the built app on a fresh,
// seeded DATA_DIR (as the e2e suite does), signs in as each role and photographs each of its screens
// at 390x844 (phone), 1024x768 (lounge kiosk) and 1366x768 (staff desktop), with JavaScript on and
// off, with larger text off and on, into screenshots/ (git-ignored), with screenshots/index.html to
// look through them. Options: `-- --only family,story` (screens whose role or name contains one of
// the words), `-- --readme` (also writes the README's three small pictures to docs/screenshots/).
// Build first (`npm run build`); SCREENSHOTS_PORT (default 3290) picks the port.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { chromium, type BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { request, signInCookies } from "./bench/lib";

const port = Number(process.env.SCREENSHOTS_PORT ?? 3290);
const OUT = path.resolve("screenshots");
const DOMAIN = "storyloom.localhost";
const args = process.argv.slice(2);
const only = args.includes("--only")
  ? (args[args.indexOf("--only") + 1] ?? "").split(",").filter(Boolean)
  : [];
const readme = args.includes("--readme");

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "kiosk", width: 1024, height: 768 },
  { name: "desktop", width: 1366, height: 768 },
] as const;
const MODES = [
  { js: true, large: false },
  { js: false, large: false },
  { js: true, large: true },
  { js: false, large: true },
] as const;

const site = (sub: string | null) => `http://${sub ? `${sub}.` : ""}${DOMAIN}:${port}`;

/** Signs in over HTTP; the session cookie's pairs. */
function signIn(username: string, sub: string | null) {
  return signInCookies(port, `${sub ? `${sub}.` : ""}${DOMAIN}`, username);
}

async function startServer() {
  const dataDir = `test-data/screenshots-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const proc = spawn(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        APP_DOMAIN: DOMAIN,
        DEFAULT_TENANT: "sunnybrook",
        DEV_LOGIN: "1",
        API_RATE_LIMIT_PER_MINUTE: "0",
        TOKEN_RATE_LIMIT: "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 180_000) throw new Error("the server did not start");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return proc;
}

const server = await startServer();
// stopped early (Ctrl-C): the server goes too
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => (server.kill("SIGTERM"), process.exit(1)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const family = await signIn("sarah.ellis", "sunnybrook");
  const familyCookie = family.map((c) => `${c.name}=${c.value}`).join("; ");
  const recent = JSON.parse(
    (
      await request({
        port,
        host: `sunnybrook.${DOMAIN}`,
        path: "/api/stories/recent?limit=50",
        cookie: familyCookie,
      })
    ).body.toString(),
  ) as {
    id: string;
    imageUrl: string | null;
    audioUrl?: string | null;
  }[];
  const withImage = recent.find((s) => s.imageUrl) ?? recent[0]!;
  const withoutImage = recent.find((s) => !s.imageUrl) ?? recent[0]!;

  const SCREENS: Record<
    string,
    { user: string | null; sub: string | null; screens: [string, string][] }
  > = {
    visitor: {
      user: null,
      sub: "sunnybrook",
      screens: [
        ["community-home", "/"],
        ["login", "/login"],
        ["privacy", "/privacy"],
        ["not-found", "/no-such-page"],
      ],
    },
    marketing: { user: null, sub: null, screens: [["landing", "/"]] },
    family: {
      user: "sarah.ellis",
      sub: "sunnybrook",
      screens: [
        ["home", "/"],
        ["family", "/family"],
        ["stories", "/stories"],
        ["story-with-photo", `/stories/${withImage.id}`],
        ["story-without-photo", `/stories/${withoutImage.id}`],
        ["news", "/news"],
        ["events", "/events"],
        ["notifications", "/notifications"],
        ["notification-settings", "/notifications/settings"],
        ["gazette", "/family/gazette"],
        ["sessions", "/account/sessions"],
      ],
    },
    resident: {
      user: "margaret.ellis",
      sub: "sunnybrook",
      screens: [
        ["home", "/"],
        ["resident", "/resident"],
        ["record", "/resident/record"],
        ["write", "/resident/stories/new"],
      ],
    },
    staff: {
      user: "marcus",
      sub: "sunnybrook",
      screens: [
        ["staff", "/staff"],
        ["residents", "/staff/residents"],
        ["families", "/staff/families"],
        ["calendar", "/staff/calendar"],
        ["news", "/staff/news"],
        ["bulletin", "/staff/bulletin"],
        ["access-denied", "/admin"],
      ],
    },
    admin: {
      user: "linda.admin",
      sub: "sunnybrook",
      screens: [
        ["overview", "/admin"],
        ["residents", "/admin/residents"],
        ["add-resident", "/admin/residents/new"],
        ["families", "/admin/families"],
        ["stories", "/admin/stories"],
        ["staff", "/admin/staff"],
        ["calendar", "/admin/calendar"],
        ["calendar-month", "/admin/calendar?view=month"],
        ["news", "/admin/news"],
        ["email", "/admin/email"],
        ["audit", "/admin/audit"],
        ["residents-none-match", "/admin/residents?q=zzzz"],
      ],
    },
    "super-admin": {
      user: "superadmin",
      sub: null,
      screens: [
        ["overview", "/super-admin"],
        ["communities", "/super-admin/communities"],
        ["users", "/super-admin/users"],
        ["settings", "/super-admin/settings"],
      ],
    },
  };

  // a whole run starts afresh; a run with --only replaces its own pictures and keeps the others
  if (!only.length) fs.rmSync(OUT, { recursive: true, force: true });
  const shots: {
    role: string;
    screen: string;
    file: string;
    size: string;
    js: boolean;
    large: boolean;
  }[] = [];
  for (const [role, group] of Object.entries(SCREENS)) {
    const screens = group.screens.filter(
      ([name]) => !only.length || only.some((w) => role.includes(w) || name.includes(w)),
    );
    if (!screens.length) continue;
    const cookies = group.user ? await signIn(group.user, group.sub) : [];
    for (const mode of MODES) {
      const context: BrowserContext = await browser.newContext({
        javaScriptEnabled: mode.js,
        viewport: { width: 390, height: 844 },
      });
      const domain = `${group.sub ? `${group.sub}.` : ""}${DOMAIN}`;
      const display = Buffer.from(JSON.stringify({ large: mode.large, contrast: false })).toString(
        "base64",
      );
      await context.addCookies(
        [...cookies, { name: "storyloom_display", value: encodeURIComponent(display) }].map(
          (c) => ({ ...c, domain, path: "/" }),
        ),
      );
      const page = await context.newPage();
      for (const [name, p] of screens) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${site(group.sub)}${p}`, { waitUntil: mode.js ? "networkidle" : "load" });
        await page.evaluate(() => document.fonts.ready);
        // lazy pictures load only near the window: pass over the whole page once, then back up
        // (timers do not run in a page without JavaScript, so the waiting is done from here)
        const height = await page.evaluate(() => document.body.scrollHeight);
        for (let y = 0; y < height; y += 600) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await page.waitForTimeout(50);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState("networkidle");
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          const file = `${role}/${name}--${size.width}--${mode.js ? "js" : "nojs"}--${mode.large ? "large" : "normal"}.png`;
          fs.mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true });
          await page.screenshot({ path: path.join(OUT, file), fullPage: true });
          shots.push({
            role,
            screen: name,
            file,
            size: `${size.width}x${size.height}`,
            js: mode.js,
            large: mode.large,
          });
        }
        console.log(
          `${role}/${name} ${mode.js ? "js" : "nojs"} ${mode.large ? "large" : "normal"}`,
        );
      }
      await context.close();
    }
  }

  // the index: one section a screen, its twelve pictures in a grid, each opening full size (every
  // picture in screenshots/, so a run with --only keeps the others in it)
  const order = Object.keys(SCREENS);
  const all = fs
    .readdirSync(OUT, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".png"))
    .map((file) => {
      const [role, base] = file.split(path.sep) as [string, string];
      const [screen, width, js, large] = base.replace(/\.png$/, "").split("--") as [
        string,
        string,
        string,
        string,
      ];
      const size = SIZES.find((z) => String(z.width) === width)!;
      return {
        role,
        screen,
        file: `${role}/${base}`,
        size: `${size.width}x${size.height}`,
        js: js === "js",
        large: large === "large",
        sort: `${order.indexOf(role)}-${group(role, screen)}-${width.padStart(5, "0")}-${js}-${large}`,
      };
    })
    .sort((a, b) => (a.sort < b.sort ? -1 : 1));
  function group(role: string, screen: string) {
    return String(SCREENS[role]?.screens.findIndex(([n]) => n === screen) ?? 99).padStart(3, "0");
  }
  console.log(`${shots.length} screenshots taken`);
  const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const sections = [...new Set(all.map((s) => `${s.role}/${s.screen}`))].map((key) => {
    const items = all.filter((s) => `${s.role}/${s.screen}` === key);
    const figures = items
      .map(
        (s) =>
          `<figure><a href="${s.file}"><img src="${s.file}" loading="lazy" alt=""></a><figcaption>${s.size} · ${s.js ? "JS on" : "JS off"} · ${s.large ? "larger text" : "normal text"}</figcaption></figure>`,
      )
      .join("");
    return `<section id="${esc(key)}"><h2>${esc(key)}</h2><div class="grid">${figures}</div></section>`;
  });
  const toc = [...new Set(all.map((s) => `${s.role}/${s.screen}`))]
    .map((k) => `<li><a href="#${esc(k)}">${esc(k)}</a></li>`)
    .join("");
  fs.writeFileSync(
    path.join(OUT, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>Storyloom screens</title><style>body{font:16px system-ui;margin:1rem}ul{columns:4}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px;align-items:start}img{width:100%;border:1px solid #ccc;max-height:420px;object-fit:cover;object-position:top}figure{margin:0}figcaption{font-size:13px}</style><h1>Storyloom screens (${all.length} pictures, ${new Date().toISOString().slice(0, 16)})</h1><ul>${toc}</ul>${sections.join("")}`,
  );
  console.log(
    `${all.length} screenshots in ${path.relative(process.cwd(), OUT)}/ (open screenshots/index.html)`,
  );

  if (readme) {
    // the README's three: the family page on a phone, the community home at kiosk size, the
    // administrator's residents on a desktop; the top of each screen, halved, as small PNGs
    fs.mkdirSync("docs/screenshots", { recursive: true });
    for (const [file, out] of [
      ["family/family--390--js--normal.png", "family-phone.png"],
      ["family/home--1024--js--normal.png", "home-kiosk.png"],
      ["admin/residents--1366--js--normal.png", "admin-residents-desktop.png"],
    ] as const) {
      const src = path.join(OUT, file);
      if (!fs.existsSync(src)) continue;
      const meta = await sharp(src).metadata();
      const height = Math.min(meta.height ?? 0, file.includes("--390--") ? 1400 : 768);
      await sharp(src)
        .extract({ left: 0, top: 0, width: meta.width!, height })
        .resize({ width: Math.round(meta.width! / 2) })
        .png({ palette: true, quality: 80, compressionLevel: 9 })
        .toFile(path.join("docs/screenshots", out));
      console.log(`docs/screenshots/${out}`);
    }
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
