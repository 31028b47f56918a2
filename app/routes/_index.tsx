// `/` is two pages, chosen by host here and only here: the marketing landing page on the marketing
// host (routes/_marketing+/__landing.server.ts) and the community home on a community's site
// (routes/_community+/__home.server.ts and __home.tsx). See docs/decisions/005 and 012.
import { FAMILY_READING_PAGE } from "~/utils/page-scripts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { LandingPage as LandingPageOnServer } from "~/components/marketing/landing-page.server";
import { requireKnownHost } from "~/utils/host.server";
import { CommunityHome, FacilityUnavailable } from "./_community+/__home";
import { communityHomeLoader } from "./_community+/__home.server";
import { landingAction, landingLoader } from "./_marketing+/__landing.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { appNameOf } from "~/utils/app-name";
import { metaT } from "~/utils/i18n";

// Families open the community home on phones; the marketing landing page (and its contact form,
// with conform) is not in its JavaScript. The server renders the landing page directly; in the
// browser its code is a chunk of its own, and React keeps the server's markup until it arrives
// (a lazy component inside Suspense hydrates when its code is there). ADR 018.
const LandingPage =
  LandingPageOnServer ??
  lazy(() =>
    import("~/components/marketing/LandingPage").then((m) => ({ default: m.LandingPage })),
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const host = requireKnownHost(request);
  return host.kind === "marketing" ? landingLoader(request) : communityHomeLoader(request);
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const host = requireKnownHost(request);
  // only the landing page has a form (the contact form)
  if (host.kind !== "marketing")
    throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
  return landingAction(request);
}

// a family member gets no app script on a full page load (ADR 037): forms and links do it all
export const handle = FAMILY_READING_PAGE;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data?.kind === "marketing")
    return [{ title: metaT(matches, "marketing")("meta.title", { app: data.appName }) }];
  if (data?.kind === "home") return [{ title: `${data.facility.name} · ${data.appName}` }];
  return [{ title: appNameOf(matches) }];
};

export default function Index() {
  const d = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (d.kind === "marketing") {
    return (
      <Suspense fallback={null}>
        <LandingPage appName={d.appName} year={d.year} sent={d.sent} lastResult={lastResult} />
      </Suspense>
    );
  }
  if (d.kind === "unavailable") return <FacilityUnavailable />;
  return <CommunityHome home={d} />;
}
