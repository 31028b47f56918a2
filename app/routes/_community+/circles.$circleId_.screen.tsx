// A story circle's screen view, for the lounge TV or a tablet propped on the table: one prompt and
// its picture at a time in very large type, Back and Next as huge targets, the circle's song, and
// nothing else. The prompt shown is the circle's current one, so the staff view on another device
// moves it too: with JavaScript the screen looks again every few seconds; without it, a page with
// no form to lose refreshes itself. Back and Next are links (`?step=`), which move the circle.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { getCircle, setStep, themeText } from "~/models/circle.server";
import { matchingLibrary } from "~/models/library.server";
import { mediaUrl } from "~/models/media-urls";
import { pageTitle } from "~/utils/app-name";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { metaT, useT } from "~/utils/i18n";
import { requireCareTeam } from "~/utils/permissions.server";

export const handle = { ownHeader: true };

/** How often the screen looks for the prompt the staff view chose. */
const FOLLOW_SECONDS = 5;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "circles")("screen.title")) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const circle = getCircle(db, params.circleId ?? "");
  if (!circle)
    throw new Response((await getT(request, "circles"))("error.notFound"), { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("step");
  // Back and Next are links: the step they name becomes the circle's, then the plain address
  if (asked !== null) {
    if (circle.status === "running") setStep(db, circle.id, Number(asked));
    throw redirect(`/circles/${circle.id}/screen`);
  }
  const prompt = circle.promptList[circle.step] ?? null;
  const library = matchingLibrary(db, {});
  const photo = prompt?.libraryItemId
    ? library.find((i) => i.id === prompt.libraryItemId && i.kind === "photo")
    : undefined;
  const song = circle.songId ? library.find((i) => i.id === circle.songId) : undefined;
  return {
    id: circle.id,
    running: circle.status === "running",
    theme: themeText(circle.theme, await requestLanguage(request)),
    step: circle.step,
    total: circle.promptList.length,
    prompt: prompt?.text ?? null,
    photo: photo ? { mediaId: photo.mediaId, title: photo.title } : null,
    song: song ? { mediaId: song.mediaId, title: song.title } : null,
  };
}

export default function CircleScreenView() {
  const d = useLoaderData<typeof loader>();
  const t = useT("circles");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!d.running) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible")
        revalidator.revalidate();
    }, FOLLOW_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [d.running, revalidator]);
  const base = `/circles/${d.id}/screen`;
  return (
    <div className="circle-screen flex min-h-screen flex-col bg-stone-950 px-8 py-6 text-white">
      {d.running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(FOLLOW_SECONDS * 2)} />
        </noscript>
      ) : null}
      <p className="text-3xl font-bold text-amber-200">{d.theme}</p>
      {d.running && d.prompt ? (
        <>
          <div className="flex flex-1 flex-col items-center justify-center gap-8 py-6 lg:flex-row">
            {d.photo ? (
              <img
                src={mediaUrl(d.photo.mediaId, 1600)}
                alt={d.photo.title}
                className="max-h-[60vh] max-w-full rounded-2xl object-contain lg:max-w-[50%]"
              />
            ) : null}
            <h1
              className="max-w-5xl text-center text-[3.5rem] font-bold leading-tight"
              data-testid="screen-prompt"
            >
              {d.prompt}
            </h1>
          </div>
          {d.song ? (
            <div className="mb-4 flex items-center justify-center gap-4 text-3xl">
              <span>
                {t("screen.song")}: {d.song.title}
              </span>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a song from the community's library, music for the circle, with no words on file */}
              <audio controls src={mediaUrl(d.song.mediaId)} className="h-16 w-[28rem]" />
            </div>
          ) : null}
          <nav className="flex items-center justify-between gap-6" aria-label={t("screen.title")}>
            {d.step > 0 ? (
              <Link
                to={`${base}?step=${d.step - 1}`}
                className="flex min-h-[6rem] min-w-[16rem] items-center justify-center rounded-2xl border-4 border-white px-8 text-[3rem] font-bold text-white no-underline"
              >
                <span aria-hidden="true">←&nbsp;</span>
                {t("screen.back")}
              </Link>
            ) : (
              <span />
            )}
            <p className="text-3xl" aria-live="polite">
              {t("screen.prompt", { n: d.step + 1, total: d.total })}
            </p>
            {d.step < d.total - 1 ? (
              <Link
                to={`${base}?step=${d.step + 1}`}
                className="flex min-h-[6rem] min-w-[16rem] items-center justify-center rounded-2xl bg-amber-300 px-8 text-[3rem] font-bold text-stone-950 no-underline"
              >
                {t("screen.next")}
                <span aria-hidden="true">&nbsp;→</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
        </>
      ) : (
        <h1 className="flex flex-1 items-center justify-center text-center text-[3.5rem] font-bold">
          {t("screen.finished")}
        </h1>
      )}
    </div>
  );
}
