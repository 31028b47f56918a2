// /admin/email: when the weekly digest goes out (day and hour on the community's clock), who it
// would reach if it went out now, and how email is delivered (queue counts, recent messages).
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, SectionHeader } from "~/components/admin/ui";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { getDigestSettings, saveDigestSchedule } from "~/models/community-settings.server";
import { describeSchedule, WEEKDAYS } from "~/models/digest-schedule";
import { nextScheduledDigest, planDigest, windowUntil } from "~/models/digest.server";
import { digestScheduleChanged, outboxCounts, recentEmails } from "~/models/email-outbox.server";
import { DigestScheduleSchema } from "~/models/notification-form.server";
import { env } from "~/utils/env.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: h,
  label: h === 0 ? "Midnight" : h === 12 ? "Noon" : `${h % 12}:00 ${h < 12 ? "AM" : "PM"}`,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const settings = getDigestSettings(db);
  const next = nextScheduledDigest(db, community.timeZone);
  const now = new Date();
  const preview = planDigest(db, community, windowUntil(db, now), now);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat("en-US", {
          timeZone: community.timeZone,
          dateStyle: "full",
          timeStyle: "short",
        }).format(new Date(iso))
      : null;
  return {
    schedule: { day: settings.day, hour: settings.hour, label: describeSchedule(settings) },
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

export async function action({ request }: ActionFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: DigestScheduleSchema });
  if (submission.status !== "success") return submission.reply();
  saveDigestSchedule(db, submission.value);
  digestScheduleChanged(community.subdomain);
  return redirectWithToast("/admin/email", {
    type: "success",
    title: "Digest schedule saved",
    description: `The weekly digest goes out ${describeSchedule(submission.value)}.`,
  });
}

const STATUS_TONE = { queued: "amber", sending: "blue", sent: "green", failed: "red" } as const;

export default function AdminEmail() {
  const d = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "digest-schedule",
    lastResult,
    defaultValue: { day: String(d.schedule.day), hour: String(d.schedule.hour) },
  });
  return (
    <div className="space-y-10">
      <section aria-labelledby="digest-title">
        <SectionHeader id="digest-title" title="Weekly digest" />
        <p className="mb-4 text-lg">
          Each week, everyone who wants email gets one message with their resident's new stories,
          pinned news and the coming week's events. Nobody gets one in a quiet week. It goes out{" "}
          <strong>{d.schedule.label}</strong> ({d.timeZone}).
          {d.nextLabel ? ` Next: ${d.nextLabel}.` : ""}
        </p>
        <Form method="post" {...getFormProps(form)} className="card max-w-xl">
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Day"
              htmlFor={fields.day.id}
              errors={fields.day.errors}
              errorId={fields.day.errorId}
            >
              <select {...getSelectProps(fields.day)} className="input">
                {WEEKDAYS.map((name, i) => (
                  <option key={name} value={i}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label="Hour"
              htmlFor={fields.hour.id}
              errors={fields.hour.errors}
              errorId={fields.hour.errorId}
            >
              <select {...getSelectProps(fields.hour)} className="input">
                {HOURS.map((h) => (
                  <option key={h.value} value={h.value}>
                    {h.label}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <SubmitButton pendingText="Saving...">Save schedule</SubmitButton>
        </Form>
        <h3 className="mb-2 mt-6 text-xl font-bold">If it went out now</h3>
        {d.preview.recipients.length ? (
          <>
            <p className="mb-2 text-lg">
              New since {d.preview.since}: {d.preview.recipients.length}{" "}
              {d.preview.recipients.length === 1 ? "person" : "people"} would get it;{" "}
              {d.preview.quiet} {d.preview.quiet === 1 ? "has" : "have"} nothing new.
            </p>
            <ul className="list-disc space-y-1 pl-6 text-base" data-testid="digest-preview">
              {d.preview.recipients.map((r) => (
                <li key={r.name}>
                  {r.name}:{" "}
                  {[
                    r.stories ? `${r.stories} new ${r.stories === 1 ? "story" : "stories"}` : null,
                    r.pinned ? `${r.pinned} pinned` : null,
                    r.notices ? `${r.notices} notifications` : null,
                  ]
                    .filter(Boolean)
                    .join(", ")}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-lg" data-testid="digest-preview">
            Nothing new since {d.preview.since}: nobody would get a digest.
          </p>
        )}
      </section>
      <section aria-labelledby="delivery-title">
        <SectionHeader id="delivery-title" title="Email delivery" />
        <p className="mb-3 text-lg">
          {d.delivery === "smtp"
            ? "Email is sent through the mail server set in SMTP_URL."
            : "No mail server is set (SMTP_URL): each message is kept as a file in the server's outbox folder instead of being sent."}
        </p>
        <p className="mb-4 flex flex-wrap gap-2 text-base">
          <Badge tone="amber">{d.counts.queued} waiting</Badge>
          <Badge tone="green">{d.counts.sent} sent</Badge>
          <Badge tone="red">{d.counts.failed} failed</Badge>
        </p>
        {d.recent.length ? (
          <div className="overflow-x-auto rounded-xl border border-stone-300 bg-white">
            <table className="w-full text-left text-base">
              <caption className="sr-only">The 20 most recent emails</caption>
              <thead className="bg-stone-100">
                <tr>
                  {["To", "Subject", "Status", "When"].map((h) => (
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
                      <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
                      {m.lastError ? (
                        <span className="mt-1 block text-base text-red-900">
                          {m.lastError} (attempt {m.attempts})
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
          <p className="text-lg">No emails yet.</p>
        )}
      </section>
    </div>
  );
}
