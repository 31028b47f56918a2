// GET /api/library (?kind=photo|audio, ?decade=1950s, ?theme=, ?q=): the community's picture and
// music library, newest first. POST (multipart: file, title, decades, themes, source) adds a
// photo or a song and answers 201 with the item. Staff and administrators only; decades and themes
// may be sent as repeated fields or as one field separated by commas.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addLibraryFile, listLibrary, MAX_AUDIO_BYTES } from "~/models/library.server";
import { badRequest, methodNotAllowed } from "~/utils/api.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT } from "~/utils/i18n.server";
import { requireCareTeam } from "~/utils/permissions.server";
import {
  detailsOf,
  formValues,
  itemJson,
  libraryRefusal,
  readLibraryUpload,
} from "../_community+/__care-team/library.server";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await requireCareTeam(request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  if (kind && kind !== "photo" && kind !== "audio")
    return badRequest((await getT(request, "library"))("error.kind"));
  const items = listLibrary(db, {
    kind,
    decade: url.searchParams.get("decade"),
    theme: url.searchParams.get("theme"),
    q: url.searchParams.get("q"),
  });
  return Response.json({ items: items.map(itemJson) });
}

// one photo or clip: the recording limit (a clip is at most 40 MB)
export const policy = { body: "recording", rate: "uploads" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireCareTeam(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const t = await getT(request, "library");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return badRequest(t("error.multipart"));
  const upload = await readLibraryUpload(request, { api: true });
  if (!upload.ok) return text(upload.status, upload.error);
  if (upload.tooLarge)
    return text(413, t("error.audioTooLarge", { max: MAX_AUDIO_BYTES / (1024 * 1024) }));
  try {
    const item = await addLibraryFile(
      db,
      community,
      { ...detailsOf(formValues(upload.form)), bytes: upload.bytes },
      user,
    );
    return Response.json(itemJson(item), { status: 201 });
  } catch (error) {
    const refusal = libraryRefusal(t, error);
    if (!refusal) throw error;
    if (refusal.status === 400)
      return badRequest(
        refusal.message,
        refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
      );
    return text(refusal.status, refusal.message);
  }
}
