// `npm run bench:load [-- CLIENTS SECONDS]`: the figures a hosting company asks for,
// against a production-mode server on loopback with the three demo communities.
//
// 1. Requests per second, p50/p99 and errors (which must be 0) at 10, 50 and 200 concurrent
//    clients, SECONDS (30) each; CLIENTS runs one level (or a comma list, e.g. `-- 10,50 20`).
//    The mix is what people do: families read (community home, family page, their resident's
//    stories, news) and comment and react on those stories; staff look at their area and edit (a
//    resident's details, featuring a story, a new event); and, paced beside the clients, residents
//    record: a real webm upload to POST /api/transcribe-audio every RECORD_EVERY_SECONDS, so the
//    app's transcription queue runs as in real use. Figures per kind of request show a slow one.
// 2. The pages alone, idle and then while a 5-minute recording is transcribed by the app's own
//    pipeline (the same upload): both p99s, their ratio, and how long the transcription took.
//
// The product's rate limits stay on (a 429 is an error): the requests are spread over a session
// of every demo account, as many people would send them. Bounded in time; only 127.0.0.1 is
// contacted. Uses whatever Whisper model WHISPER_MODEL (or ./models) names, and says so plainly
// when it is the weightless test model.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SEED_COMMUNITIES } from "../../db/seed/data";
import { REACTIONS } from "~/models/categories";
import { ffmpegPath } from "~/utils/whisper.server";
import { ensureWhisperBinary } from "../../scripts/setup-whisper";
import {
  APP_DOMAIN,
  decoded,
  machineLine,
  makeRecording,
  multipartBody,
  request,
  runLoad,
  signIn,
  startServer,
  Tally,
  TEST_MODEL_NOTE,
  whisperModelForBench,
  type LoadResult,
  type Res,
  type StepResult,
} from "./lib";

// before this script's own setup (recordings, sign-ins) adds to it
const loadBefore = os.loadavg()[0]!;
const levels = (process.argv[2] ?? "10,50,200").split(",").map(Number);
const seconds = Number(process.argv[3] ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3290);
if (!levels.every((n) => Number.isInteger(n) && n > 0) || !(seconds > 0)) {
  console.error("usage: npm run bench:load [-- CLIENTS[,CLIENTS...] SECONDS]");
  process.exit(2);
}
// the pages with and without a transcription: at the one level asked for, else at 50, the level
// the hosting figures are measured at
const compareClients = levels.length === 1 ? levels[0]! : 50;
// a care home records a few stories a day; one every 15 s across the communities is already many
const RECORD_EVERY_SECONDS = 15;
const MIX_RECORDING_SECONDS = 30;
const LONG_RECORDING_SECONDS = 300;
const WARM_UP_SECONDS = 5;

const model = whisperModelForBench();
if (!model) {
  console.error(
    "No Whisper model: set WHISPER_MODEL (or run `npm run setup:whisper`); the mix includes residents recording.",
  );
  process.exit(1);
}
const ffmpeg = ffmpegPath();
if (!ffmpeg) {
  console.error("ffmpeg is not installed: the mix includes residents recording.");
  process.exit(1);
}
// built here, not by the server in the background while it is being measured
const binary = await ensureWhisperBinary({ quiet: true });
if (!binary.ok) {
  console.error(binary.message);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-bench-load-"));
const shortRecording = makeRecording(ffmpeg, work, {
  seconds: MIX_RECORDING_SECONDS,
  name: "short",
});
const longRecording = makeRecording(ffmpeg, work, {
  seconds: LONG_RECORDING_SECONDS,
  name: "long",
});
const shortBytes = fs.readFileSync(shortRecording.file);
const longBytes = fs.readFileSync(longRecording.file);

// "" is unset: the product's own API limit, not the benchmarks' usual 0 (off)
const server = await startServer(port, {
  WHISPER_MODEL: model.path,
  API_RATE_LIMIT_PER_MINUTE: "",
});
let failed = false;
try {
  const origin = (host: string) => `http://${host}:${port}`;
  const getJson = async <T>(host: string, pathname: string, cookie: string): Promise<T> => {
    const res = await request({ port, host, path: pathname, cookie });
    if (res.status !== 200) throw new Error(`GET ${pathname} on ${host} answered ${res.status}`);
    return JSON.parse(res.body.toString()) as T;
  };

  // --- who sends the requests: a session of each demo account of every community ---
  type Family = { host: string; cookie: string; stories: string[] };
  type Staff = {
    host: string;
    cookie: string;
    residents: { id: string; roomNumber: string | null }[];
  };
  type Admin = { host: string; cookie: string; stories: string[] };
  type Resident = { host: string; cookie: string };
  const families: Family[] = [];
  const staff: Staff[] = [];
  const admins: Admin[] = [];
  const residents: Resident[] = [];
  for (const c of SEED_COMMUNITIES) {
    const host = `${c.subdomain}.${APP_DOMAIN}`;
    const active = new Set(c.residents.filter((r) => r.isActive).map((r) => r.key));
    for (const f of c.family.filter((m) => active.has(m.residentKey))) {
      const cookie = await signIn(port, c.subdomain, f.username);
      // their own resident's published stories: the only ones they may comment on
      const stories = (await getJson<{ id: string }[]>(host, "/api/family/stories", cookie)).map(
        (s) => s.id,
      );
      families.push({ host, cookie, stories });
    }
    for (const s of c.staff) {
      const cookie = await signIn(port, c.subdomain, s.username);
      const list = (
        await getJson<{ id: string; roomNumber: string | null; isActive: boolean }[]>(
          host,
          "/api/residents",
          cookie,
        )
      ).filter((r) => r.isActive);
      staff.push({ host, cookie, residents: list });
      if (s.role === "administrator") {
        const published = await getJson<{ id: string }[]>(
          host,
          "/api/admin/stories/published?limit=20",
          cookie,
        );
        admins.push({ host, cookie, stories: published.map((p) => p.id) });
      }
    }
    for (const r of c.residents.filter((x) => x.isActive))
      residents.push({ host, cookie: await signIn(port, c.subdomain, r.username) });
  }
  const readers = families.filter((f) => f.stories.length);
  const any = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

  // as a browser asks: compressed answers
  const browser = { "Accept-Encoding": "gzip, deflate, br" };
  const json = (cookie: string, host: string, method: string, body: unknown) => ({
    method,
    cookie,
    headers: { ...browser, "Content-Type": "application/json", Origin: origin(host) },
    body: JSON.stringify(body),
  });
  const form = (cookie: string, host: string, fields: Record<string, string>) => ({
    method: "POST",
    cookie,
    headers: {
      ...browser,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin(host),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const page = (who: { host: string; cookie: string }, pathname: string) =>
    request({ port, host: who.host, path: pathname, cookie: who.cookie, headers: browser });

  // --- the mix; a page must answer 200 (a redirect to /login would be a lost session) ---
  type Step = {
    name: string;
    weight: number;
    page: boolean;
    ok: (status: number) => boolean;
    run: (i: number) => Promise<Res>;
  };
  const is200 = (s: number) => s === 200;
  const below400 = (s: number) => s < 400;
  const steps: Step[] = [
    {
      name: "GET / (family)",
      weight: 24,
      page: true,
      ok: is200,
      run: () => page(any(families), "/"),
    },
    {
      name: "GET /family",
      weight: 16,
      page: true,
      ok: is200,
      run: () => page(any(families), "/family"),
    },
    {
      name: "GET /stories/{id} (own resident's)",
      weight: 22,
      page: true,
      ok: is200,
      run: () => {
        const f = any(readers);
        return page(f, `/stories/${any(f.stories)}`);
      },
    },
    {
      name: "GET /news",
      weight: 10,
      page: true,
      ok: is200,
      run: () => page(any(families), "/news"),
    },
    {
      name: "POST /api/stories/{id}/comments",
      weight: 5,
      page: false,
      // the mix comments far faster than a person may (10 a minute, 100 a day): the refusal of
      // those over the person's limit (429) is the right answer, and costs the server a read
      ok: (s) => s < 400 || s === 429,
      run: (i) => {
        const f = any(readers);
        return request({
          port,
          host: f.host,
          path: `/api/stories/${any(f.stories)}/comments`,
          ...json(f.cookie, f.host, "POST", {
            content: `Lovely story, thank you for telling it (${i})`,
            emoji: any(REACTIONS).emoji,
          }),
        });
      },
    },
    {
      // the story page's reaction buttons, a plain form post answered with a redirect
      name: "POST /stories/{id} react",
      weight: 5,
      page: false,
      ok: below400,
      run: () => {
        const f = any(readers);
        return request({
          port,
          host: f.host,
          path: `/stories/${any(f.stories)}`,
          ...form(f.cookie, f.host, {
            intent: "react",
            emoji: any(REACTIONS).emoji,
            turn: any(["on", "off"]),
          }),
        });
      },
    },
    {
      name: "GET /staff (staff)",
      weight: 8,
      page: true,
      ok: is200,
      run: () => page(any(staff), "/staff"),
    },
    {
      // saving a resident's details as the edit form does (the same room: the data stays as seeded)
      name: "PATCH /api/residents/{id} (staff)",
      weight: 5,
      page: false,
      ok: below400,
      run: () => {
        const s = any(staff);
        const r = any(s.residents);
        return request({
          port,
          host: s.host,
          path: `/api/residents/${r.id}`,
          ...json(s.cookie, s.host, "PATCH", { roomNumber: r.roomNumber }),
        });
      },
    },
    {
      name: "PATCH /api/admin/stories/{id}/feature (admin)",
      weight: 2,
      page: false,
      ok: below400,
      run: () => {
        const a = any(admins);
        return request({
          port,
          host: a.host,
          path: `/api/admin/stories/${any(a.stories)}/feature`,
          ...json(a.cookie, a.host, "PATCH", { isFeatured: Math.random() < 0.5 }),
        });
      },
    },
    {
      name: "POST /api/calendar-events (staff)",
      weight: 3,
      page: false,
      ok: below400,
      run: (i) => {
        const s = any(staff);
        return request({
          port,
          host: s.host,
          path: "/api/calendar-events",
          ...json(s.cookie, s.host, "POST", {
            title: `Garden walk ${i}`,
            eventDate: "2031-01-01",
            startTime: "10:00",
            location: "Garden",
          }),
        });
      },
    },
  ];
  const picker = (list: Step[]) => {
    const total = list.reduce((n, s) => n + s.weight, 0);
    return (i: number) => {
      let x = (i * 7919) % total;
      for (const s of list) {
        if (x < s.weight) return s;
        x -= s.weight;
      }
      return list[0]!;
    };
  };
  const mix = picker(steps);
  const pages = picker(steps.filter((s) => s.page));

  // --- a resident records: the upload answers once transcribed (202 with the job after 50 s) ---
  type Recorded = {
    res: Res;
    done: Promise<{ ok: boolean; elapsedSeconds: number | null; durationSeconds: number | null }>;
  };
  async function record(who: Resident, bytes: Buffer): Promise<Recorded> {
    const { body, contentType } = multipartBody({
      audio: { filename: "recording.webm", type: "audio/webm", data: bytes },
    });
    const res = await request({
      port,
      host: who.host,
      path: "/api/transcribe-audio",
      method: "POST",
      cookie: who.cookie,
      headers: { ...browser, "Content-Type": contentType, Origin: origin(who.host) },
      body,
      // the server answers once transcribed, or with the job to poll after 50 s
      timeoutMs: 120_000,
    });
    const failed = { ok: false, elapsedSeconds: null, durationSeconds: null };
    const done = (async () => {
      if (res.status !== 200 && res.status !== 202) return failed;
      const { jobId } = JSON.parse(decoded(res)) as { jobId: string };
      for (;;) {
        const job = await getJson<{
          status: string;
          elapsedSeconds: number;
          durationSeconds: number | null;
        }>(who.host, `/api/transcription-jobs/${jobId}`, who.cookie);
        if (job.status === "done" || job.status === "failed")
          return {
            ok: job.status === "done",
            elapsedSeconds: job.elapsedSeconds,
            durationSeconds: job.durationSeconds,
          };
        await new Promise((r) => setTimeout(r, 1000));
      }
    })().catch(() => failed);
    return { res, done };
  }

  /** Paced recordings until `stop`, then waits for their transcriptions (outside the timed part). */
  async function recordPaced(stop: Promise<unknown>, tally: Tally) {
    let stopped = false;
    void stop.then(() => (stopped = true));
    const pending: Promise<unknown>[] = [];
    for (let n = 0; !stopped; n++) {
      pending.push(
        record(residents[n % residents.length]!, shortBytes).then(
          async ({ res, done }) => tally.add(res.ms, res.status, (await done).ok),
          () => tally.add(null, "error", false),
        ),
      );
      await Promise.race([stop, new Promise((r) => setTimeout(r, RECORD_EVERY_SECONDS * 1000))]);
    }
    await Promise.all(pending);
  }

  // --- warm-up: every kind of request once, as expected, before anything is timed ---
  for (const s of steps) {
    const res = await s.run(0);
    if (!s.ok(res.status))
      throw new Error(`warm-up: ${s.name} answered ${res.status}: ${decoded(res).slice(0, 200)}`);
  }
  {
    const warm = await record(residents[0]!, shortBytes);
    if (!(await warm.done).ok)
      throw new Error(
        `warm-up: the recording answered ${warm.res.status}: ${decoded(warm.res).slice(0, 200)}`,
      );
  }
  // then the mix for a few seconds, not counted: a server just started runs its code unoptimised
  // at first, which `-- 50 30` alone would otherwise count
  const warmUp = await runLoad(
    10,
    WARM_UP_SECONDS,
    (i) => mix(i).run(i),
    (res, i) => mix(i).ok(res.status),
    { stepOf: (i) => mix(i).name },
  );
  if (warmUp.errors)
    throw new Error(`warm-up: ${warmUp.errors} errors; first: ${warmUp.failures.join("; ")}`);

  const ms = (n: number) => n.toFixed(1).padStart(8);
  const line = (r: StepResult & { rps?: number }) =>
    `${r.requests} requests${r.rps === undefined ? "" : `, ${r.rps.toFixed(0)} req/s`}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`;
  const table = (rows: [string, StepResult][]) => {
    const width = Math.max(...rows.map(([n]) => n.length));
    console.log(`  ${"kind of request".padEnd(width)}  requests   p50 ms   p99 ms  errors`);
    for (const [name, r] of rows)
      console.log(
        `  ${name.padEnd(width)}  ${String(r.requests).padStart(8)} ${ms(r.p50)} ${ms(r.p99)}  ${String(r.errors).padStart(6)}${r.errors ? `  ${JSON.stringify(r.statuses)}` : ""}`,
      );
  };
  const report = (result: LoadResult) => {
    if (result.failures.length)
      console.log(`  first failures:\n    ${result.failures.join("\n    ")}`);
    if (result.errors) failed = true;
  };

  console.log(
    `bench-load on ${machineLine()}; load average at its start ${loadBefore.toFixed(2)} (anything else running skews the figures)`,
  );
  console.log(`model: ${model.path}${model.testModel ? `\n  (${TEST_MODEL_NOTE})` : ""}`);
  console.log(
    `accounts: ${families.length} family members, ${staff.length} staff (${admins.length} administrators), ${residents.length} residents in ${SEED_COMMUNITIES.length} communities, a session each; the product's rate limits on`,
  );
  console.log(`mix: ${steps.map((s) => `${s.name} ${s.weight}%`).join(", ")}`);
  console.log(
    `warm-up: every kind of request once, a recording, then the mix at 10 clients for ${WARM_UP_SECONDS} s, not counted (${warmUp.requests} requests)`,
  );
  console.log(
    `recording: one every ${RECORD_EVERY_SECONDS} s by the next resident, ${MIX_RECORDING_SECONDS} s of ${shortRecording.description} (${(shortBytes.length / 1024).toFixed(0)} KiB), POST /api/transcribe-audio`,
  );

  for (const clients of levels) {
    const recordings = new Tally();
    let endTimed!: () => void;
    const timedOver = new Promise<void>((r) => (endTimed = r));
    const recorder = recordPaced(timedOver, recordings);
    const result = await runLoad(
      clients,
      seconds,
      (i) => mix(i).run(i),
      (res, i) => mix(i).ok(res.status),
      { stepOf: (i) => mix(i).name },
    );
    endTimed();
    await recorder;
    const rec = recordings.result();
    console.log(
      `\n${clients} clients for ${seconds} s: ${line(result)}${rec.errors ? ` (+${rec.errors} failed recordings)` : ""}`,
    );
    table([
      ...steps.map((s): [string, StepResult] => [
        s.name,
        result.steps[s.name] ?? new Tally().result(),
      ]),
      ["recording (paced; upload to transcribed text, not in the totals)", rec],
    ]);
    report(result);
    if (rec.errors) failed = true;
  }

  // --- the pages, idle and while a 5-minute recording is transcribed ---
  const pageNames = steps.filter((s) => s.page).map((s) => s.name);
  const idle = await runLoad(
    compareClients,
    seconds,
    (i) => pages(i).run(i),
    (res, i) => pages(i).ok(res.status),
    { stepOf: (i) => pages(i).name },
  );
  const started = performance.now();
  const transcription = record(residents[1 % residents.length]!, longBytes).then(
    async ({ res, done }) => ({
      res,
      ...(await done),
      wallSeconds: (performance.now() - started) / 1000,
    }),
  );
  // as long as the transcription takes (its own time limit is 120 s + 2 s per second of audio)
  const busy = await runLoad(
    compareClients,
    120 + LONG_RECORDING_SECONDS * 2,
    (i) => pages(i).run(i),
    (res, i) => pages(i).ok(res.status),
    { stepOf: (i) => pages(i).name, until: transcription },
  );
  const t = await transcription;
  console.log(`\npages only (${pageNames.join(", ")}), ${compareClients} clients:`);
  console.log(`  idle for ${idle.seconds.toFixed(0)} s: ${line(idle)}`);
  console.log(
    `  while a ${LONG_RECORDING_SECONDS / 60}-minute recording is transcribed (${busy.seconds.toFixed(1)} s): ${line(busy)}`,
  );
  table(
    pageNames
      .map((n): [string, StepResult] => [`${n}, idle`, idle.steps[n]!])
      .concat(pageNames.map((n): [string, StepResult] => [`${n}, transcribing`, busy.steps[n]!])),
  );
  console.log(
    `  page p99 while transcribing / idle: ${busy.p99.toFixed(1)} / ${idle.p99.toFixed(1)} ms = ${(busy.p99 / idle.p99).toFixed(2)}`,
  );
  report(idle);
  report(busy);
  console.log(
    `transcription of the ${LONG_RECORDING_SECONDS / 60}-minute recording (${longRecording.description}, ${(longBytes.length / 1024).toFixed(0)} KiB): ` +
      (t.ok
        ? `${t.wallSeconds.toFixed(1)} s from upload to text (the job itself ${t.elapsedSeconds} s for ${t.durationSeconds?.toFixed(0)} s of audio, real-time factor ${((t.elapsedSeconds ?? 0) / (t.durationSeconds ?? 1)).toFixed(3)})`
        : `FAILED (upload answered ${t.res.status}: ${decoded(t.res).slice(0, 200)})`),
  );
  if (model.testModel) console.log(`  model: ${TEST_MODEL_NOTE}`);
  if (!t.ok) failed = true;
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
