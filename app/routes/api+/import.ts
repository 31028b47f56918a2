// POST /api/import (multipart, field `file`: a .csv or .xlsx of residents and their family
// members). ?dryRun=1 answers the preview (every row's errors, the counts, each change) and
// writes nothing; without it the file is imported in one transaction, and ?invite=1 then emails
// an invitation to each family member added. A file with errors answers 400 with them
// ({ message, fieldErrors: { "row 5": [...] }, ...preview }) and writes nothing. Administrators only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  completeImport,
  IMPORT_MAX_BYTES,
  importPreview,
  megabytes,
  planFile,
  type ImportPreview,
} from "~/models/resident-import.server";
import { badRequest, postOnlyLoader, requirePost } from "~/utils/api.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { getT } from "~/utils/i18n.server";
import { MediaError } from "~/utils/media-limits";
import { requireArea } from "~/utils/permissions.server";
import { fileBytes, readForm } from "~/utils/upload-form.server";

const guard = (request: Request) => requireArea(request, "admin");

export function loader({ request }: LoaderFunctionArgs) {
  return postOnlyLoader(request, guard);
}

export const policy = { body: "photo", rate: "uploads" } satisfies RoutePolicy;

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** 400 with the file's errors, in the shape of the other routes' (message and fieldErrors). */
function withErrors(message: string, preview: ImportPreview) {
  const fieldErrors: Record<string, string[]> = {};
  if (preview.fileErrors.length) fieldErrors.file = preview.fileErrors;
  for (const r of preview.rowErrors) fieldErrors[`row ${r.row}`] = r.messages;
  return Response.json({ message, fieldErrors, ...preview }, { status: 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requirePost(request, guard);
  const t = await getT(request, "import");
  const url = new URL(request.url);
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return badRequest(t("api.notMultipart"));
  const tooLarge = (size: number) =>
    text(413, t("file.tooLarge", { size: megabytes(size), max: megabytes(IMPORT_MAX_BYTES) }));
  let form: FormData;
  try {
    const read = await readForm(request, {
      maxFileBytes: IMPORT_MAX_BYTES,
      maxTotalBytes: IMPORT_MAX_BYTES * 4,
      maxFiles: 1,
      maxFields: 10,
      stopAtOversize: true,
    });
    const over = read.tooLarge.get("file");
    if (over !== undefined) return tooLarge(over);
    form = read.form;
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return tooLarge(Number(request.headers.get("content-length")) || IMPORT_MAX_BYTES * 4);
  }
  const file = form.get("file");
  const bytes = await fileBytes(file);
  if (!bytes || !file || typeof file === "string") return badRequest(t("api.noFile"));
  const fileName = file.name || "import.csv";
  const { plan, sheet } = await planFile(db, fileName, bytes);
  const preview = importPreview(plan, t);
  if (!plan.ok || !sheet) return withErrors(t("api.hasErrors"), preview);
  if (url.searchParams.get("dryRun") === "1") return Response.json(preview);
  const done = await completeImport({
    origin: communityOrigin(request, community.subdomain),
    db,
    community,
    sheet,
    fileName,
    actor: { id: user.id, displayName: user.displayName, client: clientOf(request) },
    invite: url.searchParams.get("invite") === "1",
  });
  if (!done.ok) return withErrors(t("api.hasErrors"), importPreview(done.plan, t));
  const { newFamilyMemberIds: _ids, updatedFamily: _updated, ...counts } = done.result;
  return Response.json({
    imported: true,
    fileName,
    ...counts,
    invitationsSent: done.invitationsSent,
    invitationsFailed: done.invitationsFailed,
  });
}
