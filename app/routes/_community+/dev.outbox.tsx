// /dev/outbox: while the development login is on (404 otherwise), the emails this community's
// site wrote to DATA_DIR/outbox/ instead of sending them (no SMTP_URL). For signed-in members.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFoundUnlessDevLogin } from "~/models/dev-login.server";
import { listOutboxFiles } from "~/models/dev-outbox.server";
import { env } from "~/utils/env.server";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Development outbox") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  notFoundUnlessDevLogin();
  const { community } = await requireTenantUser(request);
  return {
    files: listOutboxFiles(community),
    communityName: community.name,
    smtp: Boolean(env().SMTP_URL),
  };
}

export default function DevOutbox() {
  const { files, communityName, smtp } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-title" className="space-y-4">
      <h1 id="outbox-title" className="page-title">
        Development outbox
      </h1>
      <p className="text-lg">
        Emails of {communityName} written as .eml files (newest first).
        {smtp ? " SMTP_URL is set, so new messages go to that mail server instead." : ""}
      </p>
      {files.length === 0 ? (
        <p className="card text-lg">No emails yet.</p>
      ) : (
        <ul className="space-y-2">
          {files.map((f) => (
            <li key={f.id} className="card" data-testid="outbox-message">
              <a href={`/dev/outbox/${f.id}`} className="text-lg font-semibold text-ink underline">
                {f.subject}
              </a>
              <p className="break-all text-base text-stone-700">
                To {f.to} · {f.date}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
