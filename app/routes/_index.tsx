import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DemoPanel, type DemoCommunity } from "~/components/home/DemoPanel";
import { FeaturedStories } from "~/components/home/FeaturedStories";
import { HomeFooter } from "~/components/home/HomeFooter";
import { footerLinksFor, quickActionsFor, type FooterLink, type QuickAction } from "~/components/home/quick-actions";
import { RecentStories } from "~/components/home/RecentStories";
import { FacilityInfo, QuickActions, RecentActivity, type HomeActivity, type HomeFacility } from "~/components/home/Sidebar";
import { StatsOverview, type HomeStats } from "~/components/home/StatsOverview";
import { WelcomeBanner } from "~/components/home/WelcomeBanner";
import { ContactSchema } from "~/models/contact-form.server";
import { LandingPage } from "~/components/marketing/LandingPage";
import type { StoryCardStory } from "~/components/story/StoryCard";
import { isCategory } from "~/models/categories";
import { listCommunities } from "~/models/community.server";
import { createLead } from "~/models/lead.server";
import { getCommunityStats, listHomeActivity } from "~/models/stats.server";
import { listFeaturedStories, listPublishedStories } from "~/models/story.server";
import { requireUser } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { communityOrigin, requireKnownHost, requireTenant } from "~/utils/host.server";
import { clientAddress, enforceRateLimit } from "~/utils/rate-limit.server";

// `/` is the marketing landing page on the marketing host and the community home elsewhere
// (see docs/decisions/005-community-home-access.md).

const RECENT_STORIES_ON_HOME = 3;
const FEATURED_STORIES_ON_HOME = 6;
const CONTACTS_PER_HOUR = 5;

type MarketingData = { kind: "marketing"; ownHeader: true; appName: string; year: number; sent: boolean };
type UnavailableData = { kind: "unavailable"; appName: string };
type HomeData = {
  kind: "home";
  appName: string;
  year: number;
  facility: HomeFacility;
  host: string;
  stats: HomeStats | null;
  recent: StoryCardStory[] | null;
  featured: StoryCardStory[] | null;
  category: string | null;
  activity: HomeActivity[] | null;
  quickActions: QuickAction[];
  footerLinks: FooterLink[];
  demo: { others: DemoCommunity[]; devLoginUrl: string } | null;
};
export type IndexData = MarketingData | UnavailableData | HomeData;

/** Runs one block of the home; a failure is logged and shown in that block only. */
function block<T>(what: string, load: () => T): T | null {
  try {
    return load();
  } catch (error) {
    console.error(`Community home: ${what} could not be loaded`, error);
    return null;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => {
  const value = d as unknown as IndexData | undefined;
  if (value?.kind === "marketing") return [{ title: `${value.appName} · Life stories for care communities` }];
  if (value?.kind === "home") return [{ title: `${value.facility.name} · ${value.appName}` }];
  return [{ title: "Storyloom" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  const { APP_NAME, APP_DOMAIN, DEV_LOGIN } = env();
  const url = new URL(request.url);
  const year = new Date().getFullYear();
  if (ctx.kind === "marketing") {
    return data<IndexData>({ kind: "marketing", ownHeader: true, appName: APP_NAME, year, sent: url.searchParams.get("sent") === "1" });
  }
  // the community home shows residents' stories, so it is for signed-in members only
  const user = await requireUser(request);
  let tenant: ReturnType<typeof requireTenant>;
  try {
    tenant = requireTenant(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Community home: the community's database cannot be read", error);
    return data<IndexData>({ kind: "unavailable", appName: APP_NAME }, { status: 503 });
  }
  const { community, db } = tenant;
  const rawCategory = url.searchParams.get("category");
  const category = isCategory(rawCategory) ? rawCategory : null;
  const demo = DEV_LOGIN
    ? {
        others: listCommunities()
          .filter((c) => c.isActive && c.id !== community.id)
          .map((c) => ({ name: c.name, subdomain: c.subdomain, url: `${communityOrigin(request, c.subdomain)}/` })),
        devLoginUrl: `${communityOrigin(request, null)}/dev-login`,
      }
    : null;
  const facility: HomeFacility = { name: community.name, address: community.address, city: community.city, phone: community.phone, email: community.email };
  return data<IndexData>({
    kind: "home",
    appName: APP_NAME,
    year,
    facility,
    host: `${community.subdomain}.${APP_DOMAIN}`,
    stats: block("statistics", () => getCommunityStats(db, community)),
    recent: block("recent stories", () => listPublishedStories(db, { limit: RECENT_STORIES_ON_HOME })),
    featured: block("featured stories", () => listFeaturedStories(db, { category, limit: FEATURED_STORIES_ON_HOME })),
    category,
    activity: block("recent activity", () => listHomeActivity(db, user.role, 8)),
    quickActions: quickActionsFor(user.role),
    footerLinks: footerLinksFor(user.role, community),
    demo,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = requireKnownHost(request);
  if (ctx.kind !== "marketing") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
  const formData = await request.formData();
  const key = `contact:${clientAddress(request)}`;
  // a filled honeypot is a bot: it is thanked like anyone else, and nothing is stored
  if (String(formData.get("website") ?? "").trim()) {
    enforceRateLimit(key, CONTACTS_PER_HOUR, 60 * 60_000, "contact requests");
    return redirect("/?sent=1#contact");
  }
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return submission.reply();
  enforceRateLimit(key, CONTACTS_PER_HOUR, 60 * 60_000, "contact requests");
  createLead({ ...submission.value, ip: clientAddress(request) });
  return redirect("/?sent=1#contact");
}

export default function Index() {
  const d = useLoaderData<typeof loader>() as unknown as IndexData;
  const lastResult = useActionData<typeof action>();
  if (d.kind === "marketing") return <LandingPage appName={d.appName} year={d.year} sent={d.sent} lastResult={lastResult} />;
  if (d.kind === "unavailable") {
    return (
      <section className="card mx-auto max-w-2xl" role="alert" aria-labelledby="unavailable-title">
        <h1 id="unavailable-title" className="page-title mb-3">
          Unable to load facility
        </h1>
        <p className="text-lg">Please check your connection and try again.</p>
      </section>
    );
  }
  return (
    <div className="space-y-8">
      <WelcomeBanner appName={d.appName} facilityName={d.facility.name} />
      <StatsOverview stats={d.stats} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <RecentStories stories={d.recent} />
          <FeaturedStories stories={d.featured} category={d.category} />
        </div>
        <aside aria-label="Community" className="space-y-6">
          <QuickActions actions={d.quickActions} />
          <FacilityInfo facility={d.facility} />
          <RecentActivity items={d.activity} />
        </aside>
      </div>
      {d.demo ? <DemoPanel current={{ name: d.facility.name, host: d.host }} others={d.demo.others} devLoginUrl={d.demo.devLoginUrl} /> : null}
      <HomeFooter facility={d.facility} host={d.host} year={d.year} links={d.footerLinks} appName={d.appName} />
    </div>
  );
}
