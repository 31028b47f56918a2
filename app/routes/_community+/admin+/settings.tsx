// /admin/settings: the community's details (name, address, city, phone, email), its time zone,
// its language, when the weekly digest goes out (day and hour on the community's clock, and who it
// would reach if it went out now) and how email is delivered (queue counts, recent messages).
// Each part is its own form with its own `intent`: a refused field in one loses nothing in the others.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, SectionHeader } from "~/components/admin/ui";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { TimeZoneInput } from "~/components/super-admin/CommunityForm";
import { getDigestSettings, saveDigestSchedule } from "~/models/community-settings.server";
import { nextSlot, type DigestSchedule } from "~/models/digest-schedule";
import { nextScheduledDigest, planDigest, windowUntil } from "~/models/digest.server";
import { digestScheduleChanged, outboxCounts, recentEmails } from "~/models/email-outbox.server";
import { DigestScheduleSchema } from "~/models/notification-form.server";
import {
  setCommunityLanguage,
  timeZoneNames,
  updateCommunityDetails,
  type CommunityDetailsOutcome,
} from "~/models/community.server";
import {
  CommunityDetailsScreenSchema,
  TimeZoneScreenSchema,
  translateReply,
} from "~/models/super-admin-forms.server";
import { formatDateTime } from "~/models/local-time";
import type { TenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, PSEUDO_LANGUAGE, pseudoize, useLang, useT, type T } from "~/utils/i18n";
import {
  getT,
  isLanguage,
  languageOptions,
  requestLanguage,
  resolveLanguage,
  translator,
} from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "settings")("title")) },
];

const PAGE = "/admin/settings";
const DAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Intl's words in the reader's language (the pseudo-locale's are English ones, made pseudo). */
function intl(lang: string, options: Intl.DateTimeFormatOptions, date: Date): string {
  const text = new Intl.DateTimeFormat(lang === PSEUDO_LANGUAGE ? "en" : lang, {
    timeZone: "UTC",
    ...options,
  }).format(date);
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}

/** "Sunday", "domingo": 1 January 2023 was a Sunday. */
function weekday(day: number, lang: string): string {
  return intl(lang, { weekday: "long" }, new Date(Date.UTC(2023, 0, 1 + day)));
}

/** An hour on the clock the reader's language keeps: "5 PM" on a 12-hour clock, "17:00" on a 24-hour one. */
function clock(hour: number, lang: string, withMinutes = false): string {
  const at = new Date(Date.UTC(2023, 0, 1, hour));
  const twelve = new Intl.DateTimeFormat(lang === PSEUDO_LANGUAGE ? "en" : lang, {
    hour: "numeric",
  }).resolvedOptions().hour12;
  return intl(
    lang,
    twelve && !withMinutes ? { hour: "numeric" } : { hour: "numeric", minute: "2-digit" },
    at,
  );
}

/** "Sunday at 5 PM" */
function describeSchedule(schedule: DigestSchedule, t: T, lang: string): string {
  return t("email.schedule", {
    day: weekday(schedule.day, lang),
    hour: String(schedule.hour),
    time: clock(schedule.hour, lang),
  });
}

/**
 * When the next weekly digest goes out. Before the scheduler's first run has started the clock,
 * the first slot from now (the scheduler checks every minute).
 */
function nextDigestAt(db: TenantDb, timeZone: string, now = new Date()): Date {
  return nextScheduledDigest(db, timeZone) ?? nextSlot(getDigestSettings(db), timeZone, now);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const lang = await requestLanguage(request);
  const t = await getT(request, "admin");
  const settings = getDigestSettings(db);
  const now = new Date();
  const next = nextDigestAt(db, community.timeZone, now);
  const preview = planDigest(db, community, windowUntil(db, now), now);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, community.timeZone, lang) : null);
  return {
    details: {
      name: community.name,
      address: community.address ?? "",
      city: community.city ?? "",
      phone: community.phone ?? "",
      email: community.email ?? "",
    },
    timeZone: community.timeZone,
    timeZones: timeZoneNames(),
    localNow: when(now.toISOString()),
    schedule: {
      day: settings.day,
      hour: settings.hour,
      label: describeSchedule(settings, t, lang),
    },
    language: community.defaultLanguage,
    languages: languageOptions(),
    nextLabel: when(next.toISOString()),
    preview: {
      since: when(preview.window.from),
      recipients: preview.recipients.map((r) => ({
        name: r.name,
        stories: r.stories.length,
        pinned: r.pinned.length,
        notices: r.notices.length,
      })),
      quiet: preview.quiet,
    },
    delivery: env().SMTP_URL ? "smtp" : "files",
    counts: outboxCounts(db),
    recent: recentEmails(db, 20).map((m) => ({
      id: m.id,
      to: m.toName ?? m.toAddress,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      when: when(m.sentAt ?? m.createdAt),
    })),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

type Intent = "details" | "timeZone" | "schedule";
/** A refused form's answer, given back to that form only. */
type Refused =
  | { intent: Intent; result: SubmissionResult<string[]> }
  | { intent: "language"; languageError: string };

/** The model's refusals as a conform reply, in the reader's words. */
function refusedByModel(
  submission: {
    reply: (o: {
      formErrors?: string[];
      fieldErrors?: Record<string, string[]>;
    }) => SubmissionResult<string[]>;
  },
  outcome: Extract<CommunityDetailsOutcome, { ok: false }>,
  failed: string,
  t: T,
): SubmissionResult<string[]> {
  const fieldErrors = Object.fromEntries(
    Object.entries(outcome.fieldErrors).map(([f, errors]) => [f, errors ?? []]),
  );
  return translateReply(submission.reply({ formErrors: [failed], fieldErrors }), t);
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const audit = { actorUserId: user.id, client: clientOf(request) };

  if (intent === "language") {
    const chosen = formData.get("defaultLanguage");
    if (!isLanguage(chosen)) {
      const t = await getT(request, "admin");
      return data<Refused>(
        { intent: "language", languageError: t("language.unknown") },
        { status: 400 },
      );
    }
    setCommunityLanguage(community.id, chosen, audit);
    // the answer is in the language the administrator reads from now on
    const t = translator(await resolveLanguage(request, user, chosen), "admin");
    const name = languageOptions().find((l) => l.code === chosen)?.name ?? chosen;
    return redirectWithToast(PAGE, {
      type: "success",
      title: t("language.saved"),
      description: t("language.savedDescription", { language: name }),
    });
  }

  if (intent === "details") {
    const t = await getT(request, "settings");
    const submission = parseWithZod(formData, { schema: CommunityDetailsScreenSchema });
    if (submission.status !== "success")
      return data<Refused>(
        {
          intent,
          result: translateReply(submission.reply({ formErrors: [t("details.failed")] }), t),
        },
        { status: 400 },
      );
    const v = submission.value;
    const outcome = updateCommunityDetails(
      community.id,
      {
        name: v.name,
        address: v.address ?? null,
        city: v.city ?? null,
        phone: v.phone ?? null,
        email: v.email ?? null,
      },
      audit,
    );
    if (!outcome.ok)
      return data<Refused>(
        { intent, result: refusedByModel(submission, outcome, t("details.failed"), t) },
        { status: 400 },
      );
    return redirectWithToast(PAGE, {
      type: "success",
      title: t("details.saved"),
      description: outcome.changed.length
        ? t("details.savedDescription", { name: outcome.community.name })
        : t("details.unchanged"),
    });
  }

  if (intent === "timeZone") {
    const t = await getT(request, "settings");
    const submission = parseWithZod(formData, { schema: TimeZoneScreenSchema });
    if (submission.status !== "success")
      return data<Refused>(
        {
          intent,
          result: translateReply(submission.reply({ formErrors: [t("timeZone.failed")] }), t),
        },
        { status: 400 },
      );
    const outcome = updateCommunityDetails(community.id, submission.value, audit);
    if (!outcome.ok)
      return data<Refused>(
        { intent, result: refusedByModel(submission, outcome, t("timeZone.failed"), t) },
        { status: 400 },
      );
    const zone = outcome.community.timeZone;
    if (!outcome.changed.length)
      return redirectWithToast(PAGE, {
        type: "success",
        title: t("timeZone.saved"),
        description: t("timeZone.unchanged", { zone }),
      });
    // the mail worker keeps each community's next digest in memory: it is worked out again
    digestScheduleChanged(community.subdomain);
    const lang = await requestLanguage(request);
    return redirectWithToast(PAGE, {
      type: "success",
      title: t("timeZone.saved"),
      description: t("timeZone.savedDescription", {
        zone,
        when: formatDateTime(nextDigestAt(db, zone).toISOString(), zone, lang),
      }),
    });
  }

  if (intent === "schedule") {
    const submission = parseWithZod(formData, { schema: DigestScheduleSchema });
    if (submission.status !== "success")
      return data<Refused>({ intent, result: submission.reply() }, { status: 400 });
    saveDigestSchedule(db, submission.value);
    digestScheduleChanged(community.subdomain);
    const t = await getT(request, "admin");
    return redirectWithToast(PAGE, {
      type: "success",
      title: t("email.saved"),
      description: t("email.savedDescription", {
        schedule: describeSchedule(submission.value, t, await requestLanguage(request)),
      }),
    });
  }

  const t = await getT(request, "admin");
  throw new Response(t("unknownAction"), { status: 400 });
}

const STATUS_TONE = { queued: "amber", sending: "blue", sent: "green", failed: "red" } as const;

/** The last answer of the form sent with `intent`; undefined for every other form. */
function answerFor(answer: Refused | undefined, intent: Intent) {
  return answer && answer.intent === intent && "result" in answer ? answer.result : undefined;
}

export default function AdminSettings() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Refused | undefined;
  const t = useT("settings");
  return (
    <div className="space-y-10">
      <p className="text-lg">{t("intro")}</p>
      <DetailsSection details={d.details} lastResult={answerFor(answer, "details")} />
      <TimeZoneSection
        timeZone={d.timeZone}
        timeZones={d.timeZones}
        localNow={d.localNow}
        lastResult={answerFor(answer, "timeZone")}
      />
      <LanguageSection
        language={d.language}
        languages={d.languages}
        refused={answer && "languageError" in answer ? answer.languageError : null}
      />
      <DigestSection d={d} lastResult={answerFor(answer, "schedule")} />
      <DeliverySection d={d} />
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function DetailsSection({
  details,
  lastResult,
}: {
  details: LoaderData["details"];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT("settings");
  const [form, fields] = useForm({ id: "community-details", lastResult, defaultValue: details });
  const text = (
    field: (typeof fields)["address"],
    label: string,
    type: "text" | "tel",
    autoComplete: string,
    optional = true,
  ) => (
    <Field
      label={label}
      optional={optional}
      htmlFor={field.id}
      errors={field.errors}
      errorId={field.errorId}
    >
      <input {...getInputProps(field, { type })} className="input" autoComplete={autoComplete} />
    </Field>
  );
  return (
    <section aria-labelledby="details-title">
      <SectionHeader id="details-title" title={t("details.title")} />
      <p className="mb-4 text-lg">{t("details.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="card max-w-xl">
        <ErrorList id={form.errorId} errors={form.errors} />
        {text(fields.name, t("details.name"), "text", "organization", false)}
        {text(fields.address, t("details.address"), "text", "street-address")}
        {text(fields.city, t("details.city"), "text", "address-level2")}
        {text(fields.phone, t("details.phone"), "tel", "tel")}
        <Field
          label={t("details.email")}
          optional
          htmlFor={fields.email.id}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        >
          {/* type=text: the server's message, not the browser's bubble, explains a bad address */}
          <input
            {...getInputProps(fields.email, { type: "text" })}
            inputMode="email"
            className="input"
            autoComplete="email"
            autoCapitalize="none"
          />
        </Field>
        <SubmitButton name="intent" value="details" pendingText={t("saving")}>
          {t("details.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function TimeZoneSection({
  timeZone,
  timeZones,
  localNow,
  lastResult,
}: {
  timeZone: string;
  timeZones: readonly string[];
  localNow: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT("settings");
  const [form, fields] = useForm({
    id: "community-time-zone",
    lastResult,
    defaultValue: { timeZone },
  });
  return (
    <section aria-labelledby="time-zone-title">
      <SectionHeader id="time-zone-title" title={t("timeZone.title")} />
      <div className="mb-4 max-w-3xl space-y-2 text-lg" id="time-zone-explain">
        <p>{t("timeZone.explain")}</p>
        <p>{t("timeZone.events")}</p>
        <p data-testid="community-clock">{t("timeZone.now", { time: localNow, zone: timeZone })}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="card max-w-xl">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("timeZone.label")}
          hint={t("timeZone.hint")}
          htmlFor={fields.timeZone.id}
          errors={fields.timeZone.errors}
          errorId={fields.timeZone.errorId}
        >
          <TimeZoneInput
            field={fields.timeZone}
            timeZones={timeZones}
            listId="time-zone-list"
            hintId={`${fields.timeZone.id}-hint time-zone-explain`}
          />
        </Field>
        <SubmitButton name="intent" value="timeZone" pendingText={t("saving")}>
          {t("timeZone.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function LanguageSection({
  language,
  languages,
  refused,
}: {
  language: string;
  languages: { code: string; name: string }[];
  refused: string | null;
}) {
  const t = useT("admin");
  return (
    <section aria-labelledby="language-title">
      <SectionHeader id="language-title" title={t("language.title")} />
      <p className="mb-4 text-lg">{t("language.intro")}</p>
      <Form method="post" className="card max-w-xl" data-testid="community-language">
        <input type="hidden" name="intent" value="language" />
        <Field
          label={t("language.label")}
          htmlFor="default-language"
          errors={refused ? [refused] : null}
          errorId="default-language-error"
        >
          <select
            id="default-language"
            name="defaultLanguage"
            defaultValue={language}
            className="input"
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "default-language-error" : undefined}
          >
            {languages.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton name="intent" value="language" pendingText={t("saving")}>
          {t("language.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function DigestSection({
  d,
  lastResult,
}: {
  d: LoaderData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT("admin");
  const lang = useLang();
  const [form, fields] = useForm({
    id: "digest-schedule",
    lastResult,
    defaultValue: { day: String(d.schedule.day), hour: String(d.schedule.hour) },
  });
  return (
    <section aria-labelledby="digest-title">
      <SectionHeader id="digest-title" title={t("email.digest")} />
      <p className="mb-4 text-lg" data-testid="digest-schedule">
        {t("email.digestIntro")} {t("email.goesOut")} <strong>{d.schedule.label}</strong> (
        {d.timeZone}).
        {d.nextLabel ? ` ${t("email.next", { when: d.nextLabel })}` : ""}
      </p>
      <Form method="post" {...getFormProps(form)} className="card max-w-xl">
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("email.day")}
            htmlFor={fields.day.id}
            errors={fields.day.errors}
            errorId={fields.day.errorId}
          >
            <select {...getSelectProps(fields.day)} className="input">
              {DAYS.map((day) => (
                <option key={day} value={day}>
                  {weekday(day, lang)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t("email.hour")}
            htmlFor={fields.hour.id}
            errors={fields.hour.errors}
            errorId={fields.hour.errorId}
          >
            <select {...getSelectProps(fields.hour)} className="input">
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {t("email.hourOption", { hour: String(h), time: clock(h, lang, true) })}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <SubmitButton name="intent" value="schedule" pendingText={t("saving")}>
          {t("email.save")}
        </SubmitButton>
      </Form>
      <h3 className="mb-2 mt-6 text-xl font-bold">{t("email.ifNow")}</h3>
      {d.preview.recipients.length ? (
        <>
          <p className="mb-2 text-lg">
            {t("email.preview", {
              since: d.preview.since,
              count: d.preview.recipients.length,
              quiet: d.preview.quiet,
            })}
          </p>
          <ul className="list-disc space-y-1 pl-6 text-base" data-testid="digest-preview">
            {d.preview.recipients.map((r) => (
              <li key={r.name}>
                {r.name}:{" "}
                {[
                  r.stories ? t("email.newStories", { count: r.stories }) : null,
                  r.pinned ? t("email.pinned", { count: r.pinned }) : null,
                  r.notices ? t("email.notices", { count: r.notices }) : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-lg" data-testid="digest-preview">
          {t("email.nothingNew", { since: d.preview.since })}
        </p>
      )}
    </section>
  );
}

function DeliverySection({ d }: { d: LoaderData }) {
  const t = useT("admin");
  return (
    <section aria-labelledby="delivery-title">
      <SectionHeader id="delivery-title" title={t("email.delivery")} />
      <p className="mb-3 text-lg">{d.delivery === "smtp" ? t("email.smtp") : t("email.files")}</p>
      <p className="mb-4 flex flex-wrap gap-2 text-base">
        <Badge tone="amber">{t("email.waiting", { count: d.counts.queued })}</Badge>
        <Badge tone="green">{t("email.sent", { count: d.counts.sent })}</Badge>
        <Badge tone="red">{t("email.failed", { count: d.counts.failed })}</Badge>
      </p>
      {d.recent.length ? (
        // nothing in the rows takes focus, so the scroller itself does: a keyboard can scroll it
        <div
          className="overflow-x-auto rounded-xl border border-stone-300 bg-white"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={t("email.recent")}
        >
          <table className="w-full text-left text-base">
            <caption className="sr-only">{t("email.recent")}</caption>
            <thead className="bg-stone-100">
              <tr>
                {[
                  t("email.col.to"),
                  t("email.col.subject"),
                  t("email.col.status"),
                  t("email.col.when"),
                ].map((h) => (
                  <th key={h} scope="col" className="px-4 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.recent.map((m) => (
                <tr key={m.id} className="border-t border-stone-200 align-top">
                  <td className="px-4 py-2">{m.to}</td>
                  <td className="px-4 py-2">{m.subject}</td>
                  <td className="px-4 py-2">
                    <Badge tone={STATUS_TONE[m.status]}>
                      {t("email.status", { status: m.status })}
                    </Badge>
                    {m.lastError ? (
                      <span className="mt-1 block text-base text-red-900">
                        {m.lastError} {t("email.attempt", { attempts: m.attempts })}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-2">{m.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-lg">{t("email.none")}</p>
      )}
    </section>
  );
}
