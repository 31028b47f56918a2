// /admin/email: when the weekly digest goes out (day and hour on the community's clock), who it
// would reach if it went out now, and how email is delivered (queue counts, recent messages); and
// the community's language, which everyone who has not chosen their own reads the site in.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, SectionHeader } from "~/components/admin/ui";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { getDigestSettings, saveDigestSchedule } from "~/models/community-settings.server";
import type { DigestSchedule } from "~/models/digest-schedule";
import { nextScheduledDigest, planDigest, windowUntil } from "~/models/digest.server";
import { digestScheduleChanged, outboxCounts, recentEmails } from "~/models/email-outbox.server";
import { DigestScheduleSchema } from "~/models/notification-form.server";
import { setCommunityLanguage } from "~/models/community.server";
import { formatDateTime } from "~/models/local-time";
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
  { title: pageTitle(matches, metaT(matches, "admin")("email.title")) },
];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const lang = await requestLanguage(request);
  const t = await getT(request, "admin");
  const settings = getDigestSettings(db);
  const next = nextScheduledDigest(db, community.timeZone);
  const now = new Date();
  const preview = planDigest(db, community, windowUntil(db, now), now);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, community.timeZone, lang) : null);
  return {
    schedule: {
      day: settings.day,
      hour: settings.hour,
      label: describeSchedule(settings, t, lang),
    },
    language: community.defaultLanguage,
    languages: languageOptions(),
    timeZone: community.timeZone,
    nextLabel: when(next?.toISOString() ?? null),
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

type LanguageRefused = { languageError: string };

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const formData = await request.formData();
  if (formData.get("intent") === "language") {
    const chosen = formData.get("defaultLanguage");
    if (!isLanguage(chosen)) {
      const t = await getT(request, "admin");
      return data<LanguageRefused>({ languageError: t("language.unknown") }, { status: 400 });
    }
    setCommunityLanguage(community.id, chosen, { actorUserId: user.id, client: clientOf(request) });
    // the answer is in the language the administrator reads from now on
    const t = translator(await resolveLanguage(request, user, chosen), "admin");
    const name = languageOptions().find((l) => l.code === chosen)?.name ?? chosen;
    return redirectWithToast("/admin/email", {
      type: "success",
      title: t("language.saved"),
      description: t("language.savedDescription", { language: name }),
    });
  }
  const submission = parseWithZod(formData, { schema: DigestScheduleSchema });
  if (submission.status !== "success") return submission.reply();
  saveDigestSchedule(db, submission.value);
  digestScheduleChanged(community.subdomain);
  const t = await getT(request, "admin");
  return redirectWithToast("/admin/email", {
    type: "success",
    title: t("email.saved"),
    description: t("email.savedDescription", {
      schedule: describeSchedule(submission.value, t, await requestLanguage(request)),
    }),
  });
}

const STATUS_TONE = { queued: "amber", sending: "blue", sent: "green", failed: "red" } as const;

export default function AdminEmail() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "languageError" in answer ? answer.languageError : null;
  const lastResult = answer && !("languageError" in answer) ? answer : undefined;
  const t = useT("admin");
  const lang = useLang();
  const [form, fields] = useForm({
    id: "digest-schedule",
    lastResult,
    defaultValue: { day: String(d.schedule.day), hour: String(d.schedule.hour) },
  });
  return (
    <div className="space-y-10">
      <section aria-labelledby="digest-title">
        <SectionHeader id="digest-title" title={t("email.digest")} />
        <p className="mb-4 text-lg">
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
      <section aria-labelledby="delivery-title">
        <SectionHeader id="delivery-title" title={t("email.delivery")} />
        <p className="mb-3 text-lg">{d.delivery === "smtp" ? t("email.smtp") : t("email.files")}</p>
        <p className="mb-4 flex flex-wrap gap-2 text-base">
          <Badge tone="amber">{t("email.waiting", { count: d.counts.queued })}</Badge>
          <Badge tone="green">{t("email.sent", { count: d.counts.sent })}</Badge>
          <Badge tone="red">{t("email.failed", { count: d.counts.failed })}</Badge>
        </p>
        {d.recent.length ? (
          <div className="overflow-x-auto rounded-xl border border-stone-300 bg-white">
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
              defaultValue={d.language}
              className="input"
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "default-language-error" : undefined}
            >
              {d.languages.map((l) => (
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
    </div>
  );
}
