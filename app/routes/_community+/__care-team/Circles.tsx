// Story circles for the care team: the list and "Start a circle" (theme, who is here, the activity
// it is held at, a song), and a circle's staff view: the prompt on the screen with Back and Next,
// the recording, "Now speaking" taps and Finish. Plain forms throughout; with JavaScript the
// browser records the circle and a tap is placed at the recording's own time.
import type { MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  AudioRecorder,
  extensionFor,
  type RecorderStatus,
} from "~/components/record/AudioRecorder";
import { formatDuration } from "~/components/record/wizard";
import { useDateFormat } from "~/components/community-time";
import { Badge } from "~/components/admin/ui";
import { mediaUrl } from "~/models/media-urls";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import type { circleAction, circleLoader, circlesAction, circlesLoader } from "./circles.server";

export const circlesMeta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "circles")("list.title")) },
];

export const circleMeta: MetaFunction<typeof circleLoader> = ({ matches, data }) => [
  {
    title: pageTitle(
      matches,
      metaT(matches, "circles")("view.title", { theme: data?.circle.theme ?? "" }),
    ),
  },
];

export function CirclesScreen() {
  const d = useLoaderData<typeof circlesLoader>();
  const result = useActionData<typeof circlesAction>();
  const t = useT("circles");
  const { dateTime } = useDateFormat();
  const sent = result?.sent;
  // the kind of theme chosen: sent back after a refusal, else a decade
  const kind = sent?.themeKind || "decade";
  const chosen = new Set(sent?.residentIds ?? []);
  const errorFor = (field: string) => (result?.field === field ? result.error : null);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="page-title mb-2">{t("list.title")}</h1>
      <p className="mb-6 text-lg">{t("list.intro")}</p>

      <section aria-labelledby="new-circle" className="card mb-8">
        <h2 id="new-circle" className="mb-3 text-2xl font-bold">
          {t("new.heading")}
        </h2>
        {result?.error ? (
          <p id="circle-error" className="field-error mb-3 text-lg" role="alert">
            {result.error}
          </p>
        ) : null}
        <Form method="post" className="space-y-5">
          <fieldset
            aria-describedby={errorFor("theme") || errorFor("topic") ? "circle-error" : undefined}
          >
            <legend className="label text-lg">{t("new.theme")}</legend>
            <div className="grid gap-4 md:grid-cols-3">
              <div>
                <ThemeKind value="decade" label={t("new.themeDecade")} chosen={kind} />
                <label htmlFor="circle-decade" className="label">
                  {t("new.decade")}
                </label>
                <select
                  id="circle-decade"
                  name="decade"
                  className="input"
                  defaultValue={sent?.decade || "1950s"}
                >
                  {d.decades.map((decade) => (
                    <option key={decade} value={decade}>
                      {t("theme.decade", { decade })}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <ThemeKind value="category" label={t("new.themeCategory")} chosen={kind} />
                <label htmlFor="circle-category" className="label">
                  {t("new.category")}
                </label>
                <select
                  id="circle-category"
                  name="category"
                  className="input"
                  defaultValue={sent?.category || "childhood"}
                >
                  {d.categories.map((c) => (
                    <option key={c} value={c}>
                      {t(`categories:${c}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <ThemeKind value="topic" label={t("new.themeTopic")} chosen={kind} />
                <label htmlFor="circle-topic" className="label">
                  {t("new.topic")}
                </label>
                <input
                  id="circle-topic"
                  name="topic"
                  type="text"
                  maxLength={80}
                  className="input"
                  defaultValue={sent?.topic ?? ""}
                />
              </div>
            </div>
          </fieldset>

          <fieldset
            aria-describedby={errorFor("residentIds") ? "circle-error" : "circle-residents-hint"}
          >
            <legend className="label text-lg">{t("new.residents")}</legend>
            <p id="circle-residents-hint" className="mb-2 text-base text-stone-700">
              {t("new.residentsHint", { max: d.max })}
            </p>
            <ul className="grid max-h-96 gap-1 overflow-y-auto rounded-control border-2 border-stone-300 p-2 sm:grid-cols-2 lg:grid-cols-3">
              {d.residents.map((r) => (
                <li key={r.id}>
                  <label className="flex min-h-target items-center gap-3 px-2 text-lg">
                    <input
                      type="checkbox"
                      name="residentId"
                      value={r.id}
                      defaultChecked={chosen.has(r.id)}
                      className="h-6 w-6"
                    />
                    <span>
                      {r.firstName} {r.lastName}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <label htmlFor="circle-occurrence" className="label text-lg">
                {t("new.occurrence")}
              </label>
              <select
                id="circle-occurrence"
                name="occurrence"
                className="input"
                defaultValue={sent?.occurrence ?? d.chosenOccurrence}
                aria-describedby={errorFor("occurrence") ? "circle-error" : undefined}
              >
                <option value="">{t("new.noOccurrence")}</option>
                {d.occurrences.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.startTime ? `${o.startTime} · ${o.title}` : o.title}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="circle-song" className="label text-lg">
                {t("new.song")}
              </label>
              <select
                id="circle-song"
                name="songId"
                className="input"
                defaultValue={sent?.songId ?? ""}
              >
                <option value="">{t("new.noSong")}</option>
                {d.songs.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="btn-primary text-lg">
            {t("new.start")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="recent-circles">
        <h2 id="recent-circles" className="mb-3 text-2xl font-bold">
          {t("list.recent")}
        </h2>
        {d.circles.length ? (
          <ul className="space-y-2" data-testid="circles-list">
            {d.circles.map((c) => (
              <li key={c.id} className="card flex flex-wrap items-center gap-3 !py-3">
                <Link to={`/${d.area}/circles/${c.id}`} className="link text-lg font-bold">
                  {c.theme}
                </Link>
                <span className="text-stone-700">{dateTime(c.createdAt)}</span>
                <Badge tone={c.status === "running" ? "green" : "gray"}>
                  {c.status === "running" ? t("list.running") : t("list.finished")}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="card text-lg">{t("list.none")}</p>
        )}
      </section>
    </div>
  );
}

/** One kind of theme (a decade, a category, a topic) as a radio with its label. */
function ThemeKind({ value, label, chosen }: { value: string; label: string; chosen: string }) {
  return (
    <label className="flex min-h-target items-center gap-2 text-lg">
      <input
        type="radio"
        name="themeKind"
        value={value}
        defaultChecked={chosen === value}
        className="h-6 w-6"
      />
      {label}
    </label>
  );
}

/** "2:05" into the recording. */
function clock(ms: number): string {
  return formatDuration(Math.floor(ms / 1000));
}

export function CircleScreen() {
  const d = useLoaderData<typeof circleLoader>();
  const result = useActionData<typeof circleAction>();
  const t = useT("circles");
  const navigation = useNavigation();
  const { circle, area } = d;
  const prompt = circle.prompts[circle.step];
  const photo = prompt?.libraryItemId ? d.photos[prompt.libraryItemId] : null;
  const running = circle.status === "running";
  const nameOf = (id: string) => {
    const p = circle.participants.find((x) => x.id === id);
    return p ? `${p.firstName} ${p.lastName}` : "";
  };
  const transcribing = circle.job?.status === "queued" || circle.job?.status === "running";
  const revalidator = useRevalidator();
  // while Whisper works, the page looks again every few seconds (with JavaScript)
  useEffect(() => {
    if (!transcribing) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 4000);
    return () => window.clearInterval(timer);
  }, [transcribing, revalidator]);
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2">
        <Link to={`/${area}/circles`} className="link">
          {t("list.title")}
        </Link>
      </p>
      <h1 className="page-title mb-2">{t("view.title", { theme: circle.theme })}</h1>
      {result?.error ? (
        <p className="field-error mb-4 text-lg" role="alert" data-testid="circle-error">
          {result.error}
        </p>
      ) : null}

      {running ? (
        <>
          <section aria-labelledby="prompt-heading" className="card mb-6">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="prompt-heading" className="text-xl font-bold">
                {t("view.prompt", { n: circle.step + 1, total: circle.prompts.length })}
              </h2>
              <a
                href={`/circles/${circle.id}/screen`}
                target="_blank"
                rel="noreferrer"
                className="btn-secondary"
              >
                {t("view.screenLink")}
              </a>
            </div>
            <p className="mb-3 text-base text-stone-700">{t("view.screenHint")}</p>
            <div className="flex flex-wrap items-start gap-4">
              {photo ? (
                <img src={mediaUrl(photo, 400)} alt="" className="h-40 w-auto rounded-control" />
              ) : null}
              <p className="flex-1 text-2xl font-semibold" data-testid="circle-prompt">
                {prompt?.text}
              </p>
            </div>
            <div className="mt-4 flex gap-3">
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="step" />
                <input type="hidden" name="step" value={circle.step - 1} />
                <button
                  type="submit"
                  className="btn-secondary text-lg"
                  disabled={circle.step === 0}
                >
                  <span aria-hidden="true">←</span> {t("view.back")}
                </button>
              </Form>
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="step" />
                <input type="hidden" name="step" value={circle.step + 1} />
                <button
                  type="submit"
                  className="btn-primary text-lg"
                  disabled={circle.step >= circle.prompts.length - 1}
                >
                  {t("view.next")} <span aria-hidden="true">→</span>
                </button>
              </Form>
            </div>
          </section>

          <Speakers />

          <section aria-labelledby="record-heading" className="card mb-6">
            <h2 id="record-heading" className="mb-1 text-xl font-bold">
              {t("view.record")}
            </h2>
            <p className="mb-3 text-base">{t("view.recordHint")}</p>
            {circle.recordingId ? (
              <p className="mb-3 text-lg font-semibold" data-testid="circle-recording-kept">
                {t("toast.recording")}
              </p>
            ) : null}
            <CircleRecorder />
            {/* without JavaScript another device records: "Start" notes when it began, so that
                a photo tapped here is placed in its recording */}
            <noscript>
              {circle.recordingStartedAt ? (
                <p className="text-lg font-semibold">{t("view.recordingSince")}</p>
              ) : (
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="startRecording" />
                  <button type="submit" className="btn-primary text-lg">
                    {t("view.startRecording")}
                  </button>
                </Form>
              )}
            </noscript>
            <h3 className="mb-2 mt-5 text-lg font-bold">{t("view.uploadHeading")}</h3>
            <Form
              method="post"
              encType="multipart/form-data"
              className="flex flex-wrap items-end gap-3"
            >
              <input type="hidden" name="intent" value="recording" />
              <div className="min-w-[14rem] flex-1">
                <label htmlFor="circle-file" className="label">
                  {t("view.uploadFile")}
                </label>
                <input
                  id="circle-file"
                  name="recording"
                  type="file"
                  accept="audio/*"
                  className="input"
                />
              </div>
              <button type="submit" className="btn-secondary" disabled={busy}>
                {t("view.upload")}
              </button>
            </Form>
          </section>

          <section aria-labelledby="finish-heading" className="card mb-6">
            <h2 id="finish-heading" className="mb-1 text-xl font-bold">
              {t("view.finishHeading")}
            </h2>
            <p className="mb-3 text-base">{t("view.finishHint")}</p>
            {circle.job ? (
              <p className="mb-3 text-lg" role="status" data-testid="circle-job">
                {transcribing
                  ? t("view.transcribing")
                  : circle.job.status === "done"
                    ? t("view.transcribed")
                    : t("view.transcribeFailed")}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="finish" />
                <button
                  type="submit"
                  className="btn-primary text-lg"
                  disabled={busy || transcribing}
                >
                  {t("view.finish")}
                </button>
              </Form>
              {transcribing ? (
                <Link to={`/${area}/circles/${circle.id}`} className="btn-secondary">
                  {t("view.checkAgain")}
                </Link>
              ) : null}
            </div>
          </section>
        </>
      ) : (
        <section aria-labelledby="drafts-heading" className="card">
          <p className="mb-3 text-lg" role="status">
            {t("view.finished")}
          </p>
          <h2 id="drafts-heading" className="mb-2 text-xl font-bold">
            {t("view.drafts")}
          </h2>
          <ul className="space-y-1 text-lg" data-testid="circle-drafts">
            {circle.participants.map((p) => (
              <li key={p.id}>
                {p.storyId ? (
                  area === "admin" ? (
                    <Link to={`/admin/stories/${p.storyId}`} className="link">
                      {t("view.draft", {
                        name: `${p.firstName} ${p.lastName}`,
                        title: p.storyTitle ?? "",
                      })}
                    </Link>
                  ) : (
                    t("view.draft", {
                      name: `${p.firstName} ${p.lastName}`,
                      title: p.storyTitle ?? "",
                    })
                  )
                ) : (
                  t("view.listened", { name: `${p.firstName} ${p.lastName}` })
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {circle.taps.length ? (
        <section aria-labelledby="taps-heading" className="card mb-6 mt-6">
          <h2 id="taps-heading" className="mb-2 text-xl font-bold">
            {t("view.taps")}
          </h2>
          <ol className="space-y-1" data-testid="circle-taps">
            {circle.taps.map((tap) => (
              <li key={tap.id} className="flex flex-wrap items-center gap-3 text-lg">
                <span>
                  {t("view.tapLine", { time: clock(tap.atMs), name: nameOf(tap.residentId) })}
                </span>
                {running ? (
                  <Form method="post" encType="multipart/form-data">
                    <input type="hidden" name="intent" value="removeTap" />
                    <input type="hidden" name="tapId" value={tap.id} />
                    <button type="submit" className="btn-ghost">
                      <span className="sr-only">
                        {t("view.removeTap", {
                          time: clock(tap.atMs),
                          name: nameOf(tap.residentId),
                        })}
                      </span>
                      <span aria-hidden="true">✕</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

/** Where the browser's recording is now, in milliseconds (pauses not counted). */
const position = { startedAt: 0, kept: 0, recording: false };
function positionMs(): number {
  return position.kept + (position.recording ? performance.now() - position.startedAt : 0);
}

/** The residents' photos: a tap names who began to speak, now or at a typed time. */
function Speakers() {
  const d = useLoaderData<typeof circleLoader>();
  const result = useActionData<typeof circleAction>();
  const t = useT("circles");
  const fetcher = useFetcher();
  const { circle } = d;
  return (
    <section aria-labelledby="speakers-heading" className="card mb-6">
      <h2 id="speakers-heading" className="mb-1 text-xl font-bold">
        {t("view.speakers")}
      </h2>
      <p className="mb-3 text-base">{t("view.speakersHint")}</p>
      <ul
        className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3"
        data-testid="circle-speakers"
      >
        {circle.participants.map((p) => (
          <li key={p.id}>
            <Form
              method="post"
              encType="multipart/form-data"
              onSubmit={(e) => {
                // with JavaScript the tap is placed at the browser's recording time
                if (!position.recording && position.kept === 0) return;
                e.preventDefault();
                const body = new FormData();
                body.set("intent", "tap");
                body.set("residentId", p.id);
                body.set("atMs", String(Math.round(positionMs())));
                body.set("quiet", "1");
                fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
              }}
            >
              <input type="hidden" name="intent" value="tap" />
              <input type="hidden" name="residentId" value={p.id} />
              <button
                type="submit"
                className="card flex min-h-[8rem] w-full flex-col items-center justify-center gap-2 text-center hover:border-brand-700"
              >
                {p.imageId ? (
                  <img
                    src={mediaUrl(p.imageId, 400)}
                    alt=""
                    className="h-20 w-20 rounded-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-2xl font-bold"
                  >
                    {(p.firstName[0] ?? "") + (p.lastName[0] ?? "")}
                  </span>
                )}
                <span className="text-lg font-bold">{t("view.tap", { name: p.firstName })}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <details className="mt-4" open={!!result?.tapFor || d.typing || undefined}>
        <summary className="inline-flex min-h-target cursor-pointer items-center font-bold text-brand-800 underline">
          {t("view.tapTime")}
        </summary>
        <ul className="mt-3 space-y-3">
          {circle.participants.map((p) => (
            <li key={p.id}>
              <Form
                method="post"
                encType="multipart/form-data"
                className="flex flex-wrap items-end gap-2"
              >
                <input type="hidden" name="intent" value="tap" />
                <input type="hidden" name="residentId" value={p.id} />
                <div>
                  <label htmlFor={`at-${p.id}`} className="label">
                    {t("view.tapAt", { name: p.firstName })}
                  </label>
                  <input
                    id={`at-${p.id}`}
                    name="at"
                    type="text"
                    inputMode="decimal"
                    placeholder="0:00"
                    className="input w-32"
                    required
                  />
                </div>
                <button type="submit" className="btn-secondary">
                  {t("view.tapAdd")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** With JavaScript: the browser records the circle, and sends the recording when it stops. */
function CircleRecorder() {
  const t = useT("circles");
  const fetcher = useFetcher();
  const [ready, setReady] = useState(false);
  const sentRef = useRef(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const onStatus = (status: RecorderStatus) => {
    const now = performance.now();
    if (status === "recording") {
      position.startedAt = now;
      position.recording = true;
    } else if (position.recording) {
      position.kept += now - position.startedAt;
      position.recording = false;
    }
    if (status === "idle") {
      // a reset recording starts again from nothing, and is sent again when it stops
      position.kept = 0;
      sentRef.current = false;
    }
  };
  return (
    <div data-testid="circle-recorder">
      <AudioRecorder
        maxSeconds={3 * 60 * 60}
        onStatus={onStatus}
        onRecorded={(recording) => {
          if (sentRef.current) return;
          sentRef.current = true;
          const body = new FormData();
          body.set("intent", "recording");
          body.set("recording", recording.blob, `circle.${extensionFor(recording.mimeType)}`);
          fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
        }}
      />
      {fetcher.state !== "idle" ? (
        <p role="status" className="mt-2 text-lg">
          {t("view.sending")}
        </p>
      ) : null}
    </div>
  );
}
