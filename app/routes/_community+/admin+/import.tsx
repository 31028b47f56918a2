// /admin/import: residents and their family members from a CSV or Excel (.xlsx) file. The file is
// checked and kept on the server under a random token; the preview (/admin/import/preview) shows
// every row's errors and changes before anything is written. Administrators only; works without
// JavaScript (a plain multipart form and links).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SectionHeader } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportFileError,
  importFileKind,
  megabytes,
  storeUpload,
  sweepUploads,
} from "~/models/resident-import.server";
import { MediaError, PHOTO_FORM_HARD_CAP } from "~/utils/media-limits";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { fileBytes, readPhotoForm } from "~/utils/upload-form.server";
import { requireArea } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "import")("page.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = await requireArea(request, "admin");
  sweepUploads(community);
  const t = await getT(request, "import");
  const expired = new URL(request.url).searchParams.has("expired");
  return {
    maxMb: megabytes(IMPORT_MAX_BYTES),
    maxRows: IMPORT_MAX_ROWS,
    fields: [...IMPORT_FIELDS],
    notice: expired ? t("upload.expired") : null,
  };
}

// a file over the limit is read to its end so that the page can say how large it is
export const policy = { body: "photo", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const t = await getT(request, "import");
  const refuse = (error: string) => data({ error }, { status: 400 });
  let form: FormData;
  let tooLarge: number | undefined;
  try {
    const read = await readPhotoForm(request, { maxFileBytes: IMPORT_MAX_BYTES });
    form = read.form;
    tooLarge = read.tooLarge.get("file");
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    const sent = Number(request.headers.get("content-length")) || PHOTO_FORM_HARD_CAP;
    return refuse(t("file.tooLarge", { size: megabytes(sent), max: megabytes(IMPORT_MAX_BYTES) }));
  }
  if (tooLarge !== undefined)
    return refuse(
      t("file.tooLarge", { size: megabytes(tooLarge), max: megabytes(IMPORT_MAX_BYTES) }),
    );
  const file = form.get("file");
  const bytes = await fileBytes(file);
  if (!bytes || typeof file === "string" || !file) return refuse(t("upload.missing"));
  try {
    importFileKind(file.name);
  } catch (error) {
    if (error instanceof ImportFileError) return refuse(translateMessage(t, error.message));
    throw error;
  }
  if (!bytes.length) return refuse(t("file.empty"));
  const token = storeUpload(community, file.name, bytes, user.id);
  return redirect(`/admin/import/preview?token=${token}`);
}

export default function ImportPage() {
  const { maxMb, maxRows, fields, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("import");
  const error = result && "error" in result ? result.error : null;
  return (
    <section aria-labelledby="import-title" className="max-w-4xl">
      <SectionHeader
        id="import-title"
        title={t("page.heading")}
        action={
          <Link to="/admin/residents" className="btn-secondary">
            {t("page.back")}
          </Link>
        }
      />
      <p className="mb-6 text-lg">{t("page.intro")}</p>
      {notice ? (
        <p
          className="mb-4 rounded-card border-2 border-amber-800 bg-amber-50 p-3 text-base"
          role="status"
        >
          {notice}
        </p>
      ) : null}
      <div className="card mb-6">
        <h3 className="mb-3 text-xl font-bold">{t("upload.heading")}</h3>
        <Form method="post" encType="multipart/form-data" noValidate>
          <label htmlFor="import-file" className="label">
            {t("upload.label")}
          </label>
          <p id="import-file-hint" className="mb-1 text-base text-stone-700">
            {t("upload.hint", { maxMb, maxRows })}
          </p>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="input"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "import-file-hint import-file-error" : "import-file-hint"}
          />
          {error ? (
            <p id="import-file-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="mt-4">
            <SubmitButton pendingText={t("upload.checking")}>{t("upload.submit")}</SubmitButton>
          </div>
        </Form>
      </div>
      <div className="card mb-6">
        <h3 className="mb-2 text-xl font-bold">{t("template.heading")}</h3>
        <p className="mb-3 text-base">{t("template.intro")}</p>
        <div className="flex flex-wrap gap-3">
          <a href="/admin/import/template.csv" className="btn-secondary" download>
            {t("template.csv")}
          </a>
          <a href="/admin/import/template.xlsx" className="btn-secondary" download>
            {t("template.xlsx")}
          </a>
        </div>
      </div>
      <div className="card mb-6">
        <h3 className="mb-2 text-xl font-bold">{t("columns.heading")}</h3>
        <p className="mb-3 text-base">{t("columns.intro")}</p>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-base">
            <caption className="sr-only">{t("columns.caption")}</caption>
            <thead className="bg-stone-100">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {t("columns.column")}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t("columns.alsoCalled")}
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field} className="border-b border-stone-200">
                  <th scope="row" className="px-2 py-2 font-bold">
                    {t(`template.${field}`)}
                    {field === "firstName" || field === "lastName" ? (
                      <span className="font-normal"> ({t("columns.required")})</span>
                    ) : null}
                  </th>
                  <td className="px-2 py-2">{t(`columns.${field}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="card">
        <h3 className="mb-2 text-xl font-bold">{t("rules.heading")}</h3>
        <ul className="list-disc space-y-2 pl-6 text-base">
          <li>{t("rules.dates")}</li>
          <li>{t("rules.family")}</li>
          <li>{t("rules.match")}</li>
          <li>{t("rules.formulas")}</li>
        </ul>
      </div>
    </section>
  );
}
