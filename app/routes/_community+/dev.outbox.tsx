// /dev/outbox: while the development login is on (404 otherwise), the emails this community's
// site wrote to DATA_DIR/outbox/ instead of sending them (no SMTP_URL). For signed-in members.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFoundUnlessDevLogin } from "~/models/dev-login.server";
import { listOutboxFiles } from "~/models/dev-outbox.server";
import { env } from "~/utils/env.server";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { requestLanguage } from "~/utils/i18n.server";
import { formatDateTime } from "~/models/local-time";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "errors")("devOutbox.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  notFoundUnlessDevLogin();
  const { community } = await requireTenantUser(request);
  const lang = await requestLanguage(request);
  // the Date header as the reader reads dates, in the community's time
  const when = (date: string) => {
    const at = new Date(date);
    return Number.isNaN(at.getTime())
      ? date
      : formatDateTime(at.toISOString(), community.timeZone, lang);
  };
  return {
    files: listOutboxFiles(community).map((f) => ({ ...f, date: when(f.date) })),
    communityName: community.name,
    smtp: Boolean(env().SMTP_URL),
  };
}

export default function DevOutbox() {
  const { files, communityName, smtp } = useLoaderData<typeof loader>();
  const t = useT("errors");
  return (
    <section aria-labelledby="outbox-title" className="space-y-4">
      <h1 id="outbox-title" className="page-title">
        {t("devOutbox.title")}
      </h1>
      <p className="text-lg">
        {t("devOutbox.intro", { community: communityName })}
        {smtp ? ` ${t("devOutbox.smtp")}` : ""}
      </p>
      {files.length === 0 ? (
        <p className="card text-lg">{t("devOutbox.empty")}</p>
      ) : (
        <ul className="space-y-2">
          {files.map((f) => (
            <li key={f.id} className="card" data-testid="outbox-message">
              <a href={`/dev/outbox/${f.id}`} className="text-lg font-semibold text-ink underline">
                {f.subject}
              </a>
              <p className="break-all text-base text-stone-700">
                {t("devOutbox.to", { to: f.to, date: f.date })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
