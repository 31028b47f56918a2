// `/` is two pages, chosen by host here and only here: the marketing landing page on the marketing
// host (routes/_marketing+/__landing.server.ts) and the community home on a community's site
// (routes/_community+/__home.server.ts and __home.tsx). See docs/decisions/005 and 012.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/marketing/LandingPage";
import { requireKnownHost } from "~/utils/host.server";
import { CommunityHome, FacilityUnavailable } from "./_community+/__home";
import { communityHomeLoader } from "./_community+/__home.server";
import { landingAction, landingLoader } from "./_marketing+/__landing.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const host = requireKnownHost(request);
  return host.kind === "marketing" ? landingLoader(request) : communityHomeLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const host = requireKnownHost(request);
  // only the landing page has a form (the contact form)
  if (host.kind !== "marketing") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
  return landingAction(request);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.kind === "marketing") return [{ title: `${data.appName} · Life stories for care communities` }];
  if (data?.kind === "home") return [{ title: `${data.facility.name} · ${data.appName}` }];
  return [{ title: "Storyloom" }];
};

export default function Index() {
  const d = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (d.kind === "marketing") return <LandingPage appName={d.appName} year={d.year} sent={d.sent} lastResult={lastResult} />;
  if (d.kind === "unavailable") return <FacilityUnavailable />;
  return <CommunityHome home={d} />;
}
