// The kiosk's home: the community's active residents who agreed to kiosk use, as large photos (or
// initials) and names, with a row of first letters to narrow it. Nothing else. A browser that is
// not a kiosk, or a kiosk that was switched off, is told so here. Opening it puts in order what
// ended turns left behind (settleKioskTurns: their ends audited, their recordings kept).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { kioskSessionOf, readKiosk, KIOSK_IDLE_MS } from "~/utils/kiosk.server";
import { clientOf } from "~/utils/host.server";
import {
  endKioskTurnIdle,
  initialOf,
  listKioskResidents,
  settleKioskTurns,
} from "~/models/kiosk.server";
import { KioskFrame, KioskPortrait } from "~/components/kiosk/KioskFrame";
import { frameOf } from "./__kiosk.server";
import { clearKioskStaffCookie, hasKioskStaffCookie } from "~/utils/kiosk-staff.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("grid.title")) },
];

// the meta refresh of a page fires when its time is up; a second's difference is the same end
const IDLE_SLACK_MS = 5_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const kiosk = await readKiosk(request);
  if (kiosk.state === "none") return data({ state: "none" as const }, { status: 403 });
  if (kiosk.state === "off")
    return data({ state: "off" as const, communityName: kiosk.community.name }, { status: 403 });
  const { db, community } = kiosk;
  const sp = new URL(request.url).searchParams;
  const ended = sp.get("ended") === "idle";
  const { session, expired } = kioskSessionOf(db, kiosk.kiosk.id);
  const client = clientOf(request);
  if (session) {
    if (ended && Date.parse(session.lastInputAt) + KIOSK_IDLE_MS - IDLE_SLACK_MS <= Date.now())
      endKioskTurnIdle(db, { tenantId: community.id, kiosk: kiosk.kiosk, client });
    // someone is in the middle of a story here: the grid waits until she is done
    else throw redirect("/kiosk/me");
  }
  await settleKioskTurns(db, community, client);
  const all = listKioskResidents(db);
  const rawLetter = (sp.get("letter") ?? "").trim().toUpperCase();
  const letters = [...new Set(all.map((r) => initialOf(r.firstName)).filter(Boolean))].sort();
  const letter = letters.includes(rawLetter) ? rawLetter : null;
  const shown = {
    state: "on" as const,
    frame: frameOf(community, kiosk.kiosk),
    residents: (letter ? all.filter((r) => initialOf(r.firstName) === letter) : all).map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      imageId: r.profileImageId,
    })),
    letters,
    letter,
    timedOut: ended || expired,
  };
  // the residents' photos are the kiosk at rest: staff mode, if it was on, ends here
  return (await hasKioskStaffCookie(request))
    ? data(shown, { headers: { "Set-Cookie": await clearKioskStaffCookie() } })
    : shown;
}

export default function KioskHome() {
  const d = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  if (d.state === "none") {
    return (
      <div className="kiosk mx-auto max-w-3xl px-4 py-10">
        <section className="card" aria-labelledby="not-kiosk-title">
          <h1 id="not-kiosk-title" className="page-title mb-3">
            {t("notKiosk.title")}
          </h1>
          <p className="mb-4 text-xl">{t("notKiosk.body")}</p>
          <Link to="/" className="btn-secondary">
            {t("communityHome")}
          </Link>
        </section>
      </div>
    );
  }
  if (d.state === "off") {
    return (
      <div className="kiosk mx-auto max-w-3xl px-4 py-10">
        <section className="card" aria-labelledby="kiosk-off-title">
          <h1 id="kiosk-off-title" className="page-title mb-3">
            {t("off.title")}
          </h1>
          <p className="text-xl">{t("off.body", { community: d.communityName })}</p>
        </section>
      </div>
    );
  }
  return (
    <KioskFrame frame={d.frame}>
      {d.timedOut ? (
        <p
          role="status"
          className="card mb-6 border-2 border-brand-700 text-xl"
          data-testid="kiosk-timed-out"
        >
          {t("grid.timedOut")}
        </p>
      ) : null}
      <h1 className="page-title mb-4">{t("grid.title")}</h1>
      {d.letters.length > 1 ? (
        <nav aria-label={t("grid.letters")} className="mb-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to="/kiosk"
                className={d.letter ? "btn-secondary" : "btn-primary"}
                aria-current={d.letter ? undefined : "page"}
              >
                {t("grid.all")}
              </Link>
            </li>
            {d.letters.map((l) => (
              <li key={l}>
                <Link
                  to={`/kiosk?letter=${encodeURIComponent(l)}`}
                  className={d.letter === l ? "btn-primary" : "btn-secondary"}
                  aria-current={d.letter === l ? "page" : undefined}
                >
                  {l}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {d.residents.length ? (
        <ul
          className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-5"
          data-testid="kiosk-grid"
        >
          {d.residents.map((r) => (
            <li key={r.id}>
              <Link
                to={`/kiosk/residents/${r.id}`}
                className="card kiosk-target flex flex-col items-center gap-3 text-center no-underline hover:border-brand-700"
              >
                <KioskPortrait firstName={r.firstName} lastName={r.lastName} imageId={r.imageId} />
                <span className="text-2xl font-bold text-ink">
                  {r.firstName} {r.lastName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-xl">{t("grid.empty")}</p>
      )}
      <p className="mt-10 text-center">
        <Link to="/kiosk/staff" className="btn-ghost" data-testid="kiosk-staff-link">
          {t("staff.link")}
        </Link>
      </p>
    </KioskFrame>
  );
}
