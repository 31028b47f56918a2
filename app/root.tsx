import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "~/tailwind.css";
// the same hashed files tailwind.css's @font-face rules name (ADR 015): preloaded where the
// stylesheet is linked (PageStyles below); /build is cached a year, so later visits fetch none of them
import atkinson400 from "@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2";
import atkinson700 from "@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2";
import { PlainHeader, TenantHeader } from "~/components/layout/Header";
import { Toaster } from "~/components/layout/Toaster";
import { useMarkHydrated } from "~/components/hydration";
import { getOptionalUser } from "~/utils/auth.server";
import { getTenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { DEFAULT_APP_NAME } from "~/utils/app-name";
import { communityOrigin, missingCommunityResponse, resolveHost } from "~/utils/host.server";
import { impersonationOf } from "~/utils/impersonation.server";
import { readToast } from "~/utils/toast.server";
import { takeKeptForm } from "~/utils/kept-forms.server";
import { useNonce } from "~/utils/nonce";
import { pageShipsScripts } from "~/utils/page-scripts";
import { readingPageStyles, TRIM_ATTRIBUTE } from "~/utils/inline-stylesheet.server";
import { fontsState } from "~/utils/fonts.server";
import { readDisplayPrefs } from "~/utils/display.server";
import { initialsOf } from "~/models/user.server";
import { countUnread } from "~/models/notification.server";
import { homePathFor, type Role } from "~/utils/roles";
import { ImpersonationBanner } from "~/components/layout/ImpersonationBanner";
import { languageOptions, requestLanguage } from "~/utils/i18n.server";
import { translateMessage, useLang, useT, type T } from "~/utils/i18n";

// the stylesheet and the font preloads are not among these: they depend on the page (PageStyles)
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.ico", sizes: "any" }];

/**
 * The stylesheet, and the font preloads that go with a linked one (ADR 015, 019). A page that ships
 * the app links the stylesheet (one file cached a year for every page and every client-side
 * navigation) and preloads the interface face, whose files the stylesheet names only once it has
 * arrived. A reading page's full page load (`css`, server only) gets the stylesheet inline and no
 * preloads: the layout asks for the faces it draws as soon as the text is parsed, and measured
 * through bench:phone the preloads held the first paint back (1.07 against 0.89 s on the story
 * page) without bringing its fonts in sooner.
 */
function PageStyles({ css, nonce }: { css: string | null; nonce: string }) {
  // the server cuts it down to the rules the rendered page uses (withUsedRulesOnly)
  if (css !== null)
    return (
      <style
        nonce={nonce}
        {...{ [TRIM_ATTRIBUTE]: "" }}
        dangerouslySetInnerHTML={{ __html: css }}
      />
    );
  return (
    <>
      <link rel="preload" href={atkinson400} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="preload" href={atkinson700} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="stylesheet" href={stylesheet} />
    </>
  );
}

export const meta: MetaFunction = ({ data }) => {
  const d = data as RootData | undefined;
  const app = d?.appName ?? DEFAULT_APP_NAME;
  return [{ title: d?.facility ? `${d.facility.name} · ${app}` : app }];
};

export type RootUser = {
  id: string;
  username: string;
  displayName: string;
  initials: string;
  role: Role;
  /** unread notifications for the header's bell; null where there is no bell (super admins) */
  unread: number | null;
};
export type RootFacility = {
  name: string;
  subdomain: string;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  /** every date on the community's screens is written in this time zone (models/local-time.ts) */
  timeZone: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { APP_NAME, APP_DOMAIN, DEV_LOGIN } = env();
  const ctx = resolveHost(request);
  if (ctx.kind === "missing" && ctx.community) {
    // a paused community's own page: its name and how to reach it, in the site's frame
    const c = ctx.community;
    throw data<PausedPage>(
      {
        paused: {
          name: c.name,
          subdomain: c.subdomain,
          email: c.email,
          phone: c.phone,
          address: c.address,
          city: c.city,
        },
        mainSite: communityOrigin(request, null),
        appName: APP_NAME,
        appDomain: APP_DOMAIN,
      },
      { status: 404 },
    );
  }
  if (ctx.kind === "missing") throw missingCommunityResponse(ctx, request);
  let facility: RootFacility | null = null;
  let facilityError = false;
  if (ctx.kind === "tenant") {
    const c = ctx.community;
    try {
      // opening the handle proves the community's database can be read
      getTenantDb(c);
      facility = {
        name: c.name,
        subdomain: c.subdomain,
        address: c.address,
        city: c.city,
        phone: c.phone,
        email: c.email,
        timeZone: c.timeZone,
      };
    } catch (error) {
      console.error(`Cannot open community database for ${c.subdomain}`, error);
      facilityError = true;
    }
  }
  const sessionUser = await getOptionalUser(request);
  const user: RootUser | null = sessionUser
    ? {
        id: sessionUser.id,
        username: sessionUser.username,
        displayName: sessionUser.displayName,
        initials: initialsOf(sessionUser.displayName || sessionUser.username),
        role: sessionUser.role,
        // the notifications page marks everything read as it shows it, so its bell says 0
        unread:
          ctx.kind === "tenant" && facility && sessionUser.tenantId === ctx.community.id
            ? new URL(request.url).pathname === "/notifications"
              ? 0
              : countUnread(getTenantDb(ctx.community), sessionUser.id)
            : null,
      }
    : null;
  const { toast, headers } = await readToast(request);
  // whether this browser was sent the fonts already: a reading page leaves them out until then
  const fonts = await fontsState(request, stylesheet);
  const responseHeaders = new Headers(headers ?? undefined);
  if (fonts.setCookie) responseHeaders.append("Set-Cookie", fonts.setCookie);
  const display = await readDisplayPrefs(request);
  // the lounge kiosk's pages are always in the large-text mode
  if (/^\/kiosk(\/|$)/.test(new URL(request.url).pathname)) display.large = true;
  // login-as in the open: a session the super admin opened as this user says so on every page
  const impersonation = sessionUser ? await impersonationOf(request) : null;
  const impersonatedBy = impersonation ? impersonation.impersonator.displayName : null;
  // a form sent on this page after its session had ended, given back once to the same person
  // (kept-forms.server.ts); the form fills itself in with it (useKeptFields)
  const kept = await takeKeptForm(request, sessionUser);
  const lang = await requestLanguage(request);
  return data(
    {
      lang,
      languages: languageOptions(),
      appName: APP_NAME,
      appDomain: APP_DOMAIN,
      hostKind: ctx.kind,
      facility,
      facilityError,
      user,
      toast,
      devLogin: DEV_LOGIN,
      display,
      impersonatedBy,
      fontsCached: fonts.cached,
      kept,
    },
    { headers: responseHeaders },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** What the root loader throws for a paused (deactivated) community's site. */
export type PausedPage = {
  paused: {
    name: string;
    subdomain: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    city: string | null;
  };
  mainSite: string;
  appName: string;
  appDomain: string;
};

function isPausedPage(value: unknown): value is PausedPage {
  return typeof value === "object" && value !== null && "paused" in value;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

/** Right-to-left scripts among the languages a catalog folder may add. */
const RTL = new Set(["ar", "fa", "he", "ps", "ur", "yi"]);

function Document({ children, title }: { children: ReactNode; title?: string }) {
  const nonce = useNonce();
  const root = useRootData();
  const lang = useLang();
  const t = useT("common");
  const display = root?.display;
  // the reading pages carry no script on a full page load (ADR 018)
  const scripts = pageShipsScripts(useMatches());
  // and no stylesheet to fetch either: the server puts it in the head (ADR 019). Only ever on the
  // server: in the browser `scripts` is always true (inlineStylesheet, a .server module, is not
  // there), so the app, its hydration and its client-side navigations all use the cached link.
  // A browser not yet sent the fonts gets the page in the system's faces (fonts.server.ts).
  const reading = scripts ? null : readingPageStyles(stylesheet, root?.fontsCached ?? false);
  const htmlClass = [
    display?.large ? "reading-large" : "",
    display?.contrast ? "reading-contrast" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <html
      lang={lang}
      dir={RTL.has(lang.split("-")[0]!) ? "rtl" : "ltr"}
      className={htmlClass || undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* marks a page whose JavaScript runs, before the first paint: the toast floats (tailwind.css) */}
        {scripts ? (
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html: "document.documentElement.setAttribute('data-js','')",
            }}
          />
        ) : null}
        {title ? <title>{title}</title> : null}
        <Meta />
        <PageStyles css={reading?.css ?? null} nonce={nonce} />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:text-lg focus:font-bold"
        >
          {t("skipToContent")}
        </a>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* a reading page drawn in the system's faces fetches the fonts once it has loaded, for the next page (fonts.server.ts) */}
        {reading?.prefetchFonts.map((href) => (
          <link
            key={href}
            rel="prefetch"
            href={href}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData()!;
  // screens reached by a client navigation know the page runs JavaScript (dialogs open as modals)
  useMarkHydrated();
  const matches = useMatches();
  // the marketing landing page brings its own navigation
  // a route's `handle.ownHeader`, or `ownHeader: true` in its loader data (`/` is marketing on one host only)
  const ownHeader = matches.some(
    (m) =>
      (m.handle as { ownHeader?: boolean } | undefined)?.ownHeader ||
      (m.data as { ownHeader?: unknown } | null | undefined)?.ownHeader === true,
  );
  return (
    <Document>
      {data.impersonatedBy && data.user ? (
        <ImpersonationBanner
          name={data.user.displayName || data.user.username}
          by={data.impersonatedBy}
        />
      ) : null}
      {ownHeader ? null : <SiteHeader data={data} />}
      <main id="main" tabIndex={-1} className={ownHeader ? "" : "mx-auto max-w-6xl px-4 py-8"}>
        {/* first in the content: without JavaScript the toast is a notice at the top of the page */}
        <Toaster toast={data.toast} />
        {/* a page whose catalog the browser has yet to fetch suspends; navigations run in a
            transition, so the last page stays until it is there. No Suspense boundary here: the
            page hydrates in one pass with the rest of the document. */}
        <Outlet />
      </main>
    </Document>
  );
}

function SiteHeader({ data }: { data: RootData }) {
  return data.hostKind === "tenant" ? (
    <TenantHeader
      facility={data.facility}
      facilityError={data.facilityError}
      appDomain={data.appDomain}
      user={data.user}
    />
  ) : (
    <PlainHeader appName={data.appName} user={data.user} />
  );
}

/** A paused community's site: its name and contact details, and the way to the main site. */
function PausedCommunity({ page }: { page: PausedPage }) {
  const c = page.paused;
  const t = useT("common");
  const message = t("paused.title");
  return (
    <Document title={`${c.name} · ${message}`}>
      <header className="border-b-2 border-stone-300 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-3">
          <span className="block text-2xl font-bold text-brand-800">{c.name}</span>
          <span className="block text-base text-stone-700">
            {c.subdomain}.{page.appDomain}
          </span>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-16">
        <section className="card" aria-labelledby="error-title" data-testid="paused-community">
          <h1 id="error-title" className="page-title mb-3">
            {message}
          </h1>
          <p className="mb-4 text-lg" data-status={404}>
            {t("paused.body", { community: c.name, app: page.appName })}
          </p>
          {c.email || c.phone || c.address ? (
            <>
              <h2 className="mb-2 text-xl font-bold">
                {t("paused.contact", { community: c.name })}
              </h2>
              <ul className="mb-6 space-y-1 text-lg">
                {c.phone ? (
                  <li>
                    {t("paused.phone")}{" "}
                    <a
                      href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
                      className="text-brand-800 underline"
                    >
                      {c.phone}
                    </a>
                  </li>
                ) : null}
                {c.email ? (
                  <li>
                    {t("paused.email")}{" "}
                    <a href={`mailto:${c.email}`} className="text-brand-800 underline">
                      {c.email}
                    </a>
                  </li>
                ) : null}
                {c.address ? <li>{[c.address, c.city].filter(Boolean).join(", ")}</li> : null}
              </ul>
            </>
          ) : null}
          <a href={page.mainSite} className="btn-primary">
            {t("paused.goTo", { app: page.appName })}
          </a>
        </section>
      </main>
    </Document>
  );
}

/**
 * An error page's title and message. A response's own text (a 403's reason) is shown when the
 * thrower gave one: a catalog key made by `msg` is translated, other text is shown as it is.
 */
/** Bodies of a 404 that say no more than "not found" (a key, or the old English heading). */
const GENERIC_NOT_FOUND = new Set(["404 Page Not Found", "common:error.notFound", "Not found"]);

function describeError(error: unknown, t: T): { title: string; message: string; status: number } {
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return { title: t("error.title"), message: t("error.message"), status: 500 };
  }
  const status = error.status;
  const raw = typeof error.data === "string" && error.data.length < 200 ? error.data : "";
  const detail = raw ? translateMessage(t, raw) : "";
  if (status === 404) {
    const title = t("error.notFoundTitle");
    return {
      title,
      // the generic "not found" bodies read as the page's own words, in the reader's language
      message: detail && !GENERIC_NOT_FOUND.has(raw) ? detail : t("error.notFound"),
      status,
    };
  }
  if (status === 403)
    return { title: t("error.forbiddenTitle"), message: detail || t("error.forbidden"), status };
  if (status === 429)
    return { title: t("error.tooManyTitle"), message: detail || t("error.tooMany"), status };
  if (status < 500)
    return {
      title: `${status} ${error.statusText}`,
      message: detail || t("error.message"),
      status,
    };
  return { title: t("error.title"), message: t("error.message"), status };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const t = useT("common");
  if (isRouteErrorResponse(error) && isPausedPage(error.data))
    return <PausedCommunity page={error.data} />;
  const { title, message, status } = describeError(error, t);
  // the way back to where this person belongs: their own area, or signing in
  const user = root?.user ?? null;
  const back = user
    ? { to: homePathFor(user.role), label: t("error.backToArea", { role: user.role }) }
    : status === 403
      ? { to: "/login", label: t("signIn") }
      : { to: "/", label: t("error.home") };
  return (
    <Document title={title}>
      {root ? <SiteHeader data={root} /> : null}
      <main id="main" className="mx-auto max-w-2xl px-4 py-16">
        <section className="card" aria-labelledby="error-title">
          <h1 id="error-title" className="page-title mb-3">
            {title}
          </h1>
          <p className="mb-6 text-lg" data-status={status}>
            {message}
          </p>
          {status === 403 && root?.facility ? (
            <p className="mb-6 text-base">
              {root.facility.email
                ? t("error.askAdminEmail", {
                    community: root.facility.name,
                    email: root.facility.email,
                  })
                : t("error.askAdmin", { community: root.facility.name })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Link to={back.to} className="btn-primary" reloadDocument>
              {back.label}
            </Link>
            {back.to !== "/" ? (
              <Link to="/" className="btn-secondary" reloadDocument>
                {t("error.home")}
              </Link>
            ) : null}
          </div>
        </section>
      </main>
    </Document>
  );
}
