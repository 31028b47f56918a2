// The community home (`/` on a community's site): welcome, statistics, recent and featured stories,
// quick actions, the facility, recent activity. Its loader is __home.server.ts.
import type { SerializeFrom } from "@remix-run/node";
import { DemoPanel } from "~/components/home/DemoPanel";
import { FeaturedStories } from "~/components/home/FeaturedStories";
import { HomeFooter } from "~/components/home/HomeFooter";
import { RecentStories } from "~/components/home/RecentStories";
import { FacilityInfo, QuickActions, RecentActivity } from "~/components/home/Sidebar";
import { StatsOverview } from "~/components/home/StatsOverview";
import { WelcomeBanner } from "~/components/home/WelcomeBanner";
import { BlockError } from "~/components/home/BlockError";
import { CommunityBoard } from "~/components/community/Board";
import { useT } from "~/utils/i18n";
import type { communityHomeLoader } from "./__home.server";

export type CommunityHomeView = Extract<
  SerializeFrom<typeof communityHomeLoader>,
  { kind: "home" }
>;

export function CommunityHome({ home: d }: { home: CommunityHomeView }) {
  const t = useT("home");
  return (
    <div className="space-y-8">
      <WelcomeBanner appName={d.appName} facilityName={d.facility.name} />
      <StatsOverview stats={d.stats} />
      {d.board ? (
        <CommunityBoard pinned={d.board.pinned} events={d.board.events} />
      ) : (
        <BlockError message={t("boardError")} />
      )}
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <RecentStories stories={d.recent} />
          <FeaturedStories stories={d.featured} category={d.category} />
        </div>
        <aside aria-label={t("aside")} className="space-y-6">
          <QuickActions actions={d.quickActions} />
          <FacilityInfo facility={d.facility} />
          <RecentActivity items={d.activity} />
        </aside>
      </div>
      {d.demo ? (
        <DemoPanel
          current={{ name: d.facility.name, host: d.host }}
          others={d.demo.others}
          devLoginUrl={d.demo.devLoginUrl}
        />
      ) : null}
      <HomeFooter
        facility={d.facility}
        host={d.host}
        year={d.year}
        links={d.footerLinks}
        appName={d.appName}
      />
    </div>
  );
}

/** When the community's database cannot be read (503). */
export function FacilityUnavailable() {
  const t = useT("home");
  return (
    <section className="card mx-auto max-w-2xl" role="alert" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title" className="page-title mb-3">
        {t("unavailable.title")}
      </h1>
      <p className="text-lg">{t("unavailable.body")}</p>
    </section>
  );
}
