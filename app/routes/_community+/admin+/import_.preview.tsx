// /admin/import/preview?token=…: what an uploaded spreadsheet would do, before anything is
// written: the rows to fix first, then the counts and each change. The Import button posts the
// token of the file kept on the server (the file is not sent again); the rows are checked again
// against the community as it is then, and written in one transaction. Administrators only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Badge, SectionHeader } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import {
  completeImport,
  importPreview,
  loadUpload,
  planFile,
  removeUpload,
  type ImportPreview,
} from "~/models/resident-import.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "import")("preview.title")) },
];

// the changes listed on the page; the counts cover them all
const ROWS_SHOWN = 500;
const EXPIRED = "/admin/import?expired=1";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const upload = loadUpload(community, token);
  if (!upload) throw redirect(EXPIRED);
  const { plan } = await planFile(db, upload.fileName, upload.bytes);
  const preview = importPreview(plan, await getT(request, "import"));
  return {
    token,
    preview: { ...preview, rows: preview.rows.slice(0, ROWS_SHOWN) },
    more: Math.max(0, preview.rows.length - ROWS_SHOWN),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const upload = loadUpload(community, token);
  if (!upload) throw redirect(EXPIRED);
  const { sheet } = await planFile(db, upload.fileName, upload.bytes);
  if (!sheet) return redirect(`/admin/import/preview?token=${token}`);
  const done = await completeImport({
    origin: communityOrigin(request, community.subdomain),
    db,
    community,
    sheet,
    fileName: upload.fileName,
    actor: { id: user.id, displayName: user.displayName, client: clientOf(request) },
    invite: form.get("invite") === "on",
  });
  // the community changed since the preview: show what is wrong now
  if (!done.ok) return redirect(`/admin/import/preview?token=${token}`);
  removeUpload(community, token);
  const t = await getT(request, "import");
  const { result } = done;
  const parts = [
    t("done.detail", {
      added: result.residentsAdded,
      updated: result.residentsUpdated,
      family: result.familyAdded,
    }),
  ];
  if (done.invitationsSent) parts.push(t("done.invitations", { count: done.invitationsSent }));
  if (done.invitationsFailed)
    parts.push(t("done.invitationsFailed", { count: done.invitationsFailed }));
  return redirectWithToast("/admin/residents", {
    type: "success",
    title: t("done.title"),
    description: parts.join(" "),
  });
}

function ActionBadge({ action }: { action: "add" | "update" | "unchanged" | null }) {
  const t = useT("import");
  if (action === "add") return <Badge tone="green">{t("preview.add")}</Badge>;
  if (action === "update") return <Badge tone="blue">{t("preview.update")}</Badge>;
  if (action === "unchanged") return <Badge tone="gray">{t("preview.unchangedOne")}</Badge>;
  return null;
}

function Errors({ preview }: { preview: ImportPreview }) {
  const t = useT("import");
  if (preview.fileErrors.length)
    return (
      <div
        className="mb-6 rounded-card border-2 border-red-800 bg-red-50 p-4"
        role="alert"
        data-testid="import-errors"
      >
        <h3 className="mb-2 text-xl font-bold">{t("preview.fileErrorsHeading")}</h3>
        <ul className="list-disc space-y-1 pl-6 text-base">
          {preview.fileErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </div>
    );
  if (!preview.rowErrors.length) return null;
  return (
    <div
      className="mb-6 rounded-card border-2 border-red-800 bg-red-50 p-4"
      role="alert"
      data-testid="import-errors"
    >
      <h3 className="mb-1 text-xl font-bold">
        {t("preview.errorsHeading", { count: preview.rowErrors.length })}
      </h3>
      <p className="mb-3 text-base">{t("preview.errorsIntro")}</p>
      <ul className="space-y-2 text-base">
        {preview.rowErrors.map((r) => (
          <li key={r.row} data-testid="import-row-error">
            <strong>{t("preview.row", { row: r.row })}</strong>
            <ul className="list-disc pl-6">
              {r.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ImportPreviewPage() {
  const { token, preview, more } = useLoaderData<typeof loader>();
  const t = useT("import");
  const c = preview.counts;
  const anything = c.residentsToAdd + c.residentsToUpdate + c.familyToAdd + c.familyToUpdate > 0;
  return (
    <section aria-labelledby="import-preview-title" className="max-w-5xl">
      <SectionHeader
        id="import-preview-title"
        title={t("preview.heading")}
        action={
          <Link to="/admin/import" className="btn-secondary">
            {t("preview.another")}
          </Link>
        }
      />
      <p className="mb-4 text-lg">{t("preview.file", { name: preview.fileName })}</p>
      <Errors preview={preview} />
      {preview.fileErrors.length ? null : (
        <div className="card mb-6">
          <h3 className="mb-2 text-xl font-bold">{t("preview.countsHeading")}</h3>
          <ul className="space-y-1 text-lg" data-testid="import-counts">
            <li>{t("preview.residentsToAdd", { count: c.residentsToAdd })}</li>
            <li>{t("preview.residentsToUpdate", { count: c.residentsToUpdate })}</li>
            <li>{t("preview.familyToAdd", { count: c.familyToAdd })}</li>
            {c.familyToUpdate ? (
              <li>{t("preview.familyToUpdate", { count: c.familyToUpdate })}</li>
            ) : null}
            <li>{t("preview.unchanged", { count: c.unchanged })}</li>
          </ul>
          {preview.ignoredColumns.length ? (
            <p className="mt-3 text-base text-stone-700">
              {t("preview.ignored", { columns: preview.ignoredColumns.join(", ") })}
            </p>
          ) : null}
          {preview.ok && anything ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="token" value={token} />
              <div className="mb-4 flex min-h-target items-start gap-3">
                <input
                  type="checkbox"
                  id="import-invite"
                  name="invite"
                  className="mt-1 h-6 w-6 shrink-0"
                  aria-describedby="import-invite-hint"
                />
                <div>
                  <label htmlFor="import-invite" className="text-lg font-bold">
                    {t("preview.invite")}
                  </label>
                  <p id="import-invite-hint" className="text-base text-stone-700">
                    {t("preview.inviteHint")}
                  </p>
                </div>
              </div>
              <SubmitButton pendingText={t("preview.importing")}>
                {t("preview.import")}
              </SubmitButton>
            </Form>
          ) : null}
          {preview.ok && !anything ? (
            <p className="mt-3 text-base">{t("preview.nothing")}</p>
          ) : null}
        </div>
      )}
      {preview.rows.length ? (
        <div className="card p-0">
          <h3 className="p-4 pb-2 text-xl font-bold">{t("preview.changesHeading")}</h3>
          <div
            className="overflow-x-auto"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={t("preview.changesHeading")}
          >
            <table className="w-full min-w-[40rem] border-collapse text-left text-base">
              <caption className="sr-only">{t("preview.caption")}</caption>
              <thead className="bg-stone-100">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("preview.colRow")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("preview.colResident")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("preview.colFamily")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.row} className="border-b border-stone-200 align-top">
                    <td className="px-3 py-2">{r.row}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-bold">{r.resident}</span>
                        <ActionBadge action={r.residentAction} />
                      </div>
                      {r.residentChanges.length && r.residentAction === "update" ? (
                        <ul className="mt-1 list-disc pl-6">
                          {r.residentChanges.map((change) => (
                            <li key={change}>{change}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {r.family ? (
                        <div className="flex flex-wrap items-center gap-2">
                          <span>{r.family}</span>
                          <ActionBadge action={r.familyAction} />
                        </div>
                      ) : null}
                      {r.familyChanges.length && r.familyAction === "update" ? (
                        <ul className="mt-1 list-disc pl-6">
                          {r.familyChanges.map((change) => (
                            <li key={change}>{change}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more ? <p className="p-4 text-base">{t("preview.more", { count: more })}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
