// Loaders and actions of the picture and music library (/admin/library, /staff/library): the list
// with its filters and upload form, editing an item's details, deleting it. Staff and
// administrators only; the upload reads one photo or clip within the recording body limit.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  addLibraryFile,
  deleteLibraryItem,
  getLibraryItem,
  LIBRARY_AUDIO_MAX_SECONDS,
  LIBRARY_DECADES,
  LIBRARY_TITLE_MAX,
  LibraryError,
  listLibrary,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_BYTES,
  updateLibraryItem,
  type LibraryItemView,
} from "~/models/library.server";
import { MediaError } from "~/models/media.server";
import { CATEGORY_VALUES } from "~/models/categories";
import { RECORDING_BODY_LIMIT, type RoutePolicy } from "~/utils/body-limit.server";
import { fileBytes, readForm } from "~/utils/upload-form.server";
import { IMAGE_ERRORS, mediaMessageText } from "~/utils/media-limits";
import { translateMessage, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireArea, type AreaName } from "~/utils/permissions.server";
import { areaOf } from "./areas";

export const libraryPath = (area: AreaName) => `/${area}/library`;

/** What the form had in it, to show again after a refusal (never the file). */
export type LibraryFormValues = {
  title: string;
  decades: string[];
  themes: string[];
  otherThemes: string;
  source: string;
};

export type LibraryFormReply = {
  error: string;
  field: string | null;
  values: LibraryFormValues;
};

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const CATEGORY_SET = new Set<string>(CATEGORY_VALUES);

/** The form's fields as the model takes them: checked categories and the typed themes together. */
export function formValues(form: FormData): LibraryFormValues {
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return {
    title: str(form, "title"),
    decades: all("decades")
      .flatMap((d) => d.split(/[\s,]+/))
      .filter(Boolean),
    // the API sends every theme in `themes`; the screen's checkboxes send categories there
    themes: all("themes")
      .flatMap((t) => t.split(","))
      .map((t) => t.trim())
      .filter(Boolean),
    otherThemes: str(form, "otherThemes"),
    source: str(form, "source"),
  };
}

export function detailsOf(values: LibraryFormValues) {
  return {
    title: values.title,
    decades: values.decades,
    themes: [...values.themes, ...values.otherThemes.split(",")].filter((t) => t.trim()),
    source: values.source,
  };
}

export type LibraryUpload =
  | { ok: true; form: FormData; bytes: Buffer | null; tooLarge: boolean }
  | { ok: false; status: 413; error: string };

/**
 * The upload form, multipart or not: one file of at most MAX_AUDIO_BYTES (a photo over its own
 * limit is refused by the image pipeline), read to the end for a browser form so the typed fields
 * come back; a body past the recording limit is refused.
 */
export async function readLibraryUpload(
  request: Request,
  { api }: { api: boolean },
): Promise<LibraryUpload> {
  const t = await getT(request, "library");
  try {
    const { form, tooLarge } = await readForm(request, {
      maxFileBytes: MAX_AUDIO_BYTES,
      maxTotalBytes: RECORDING_BODY_LIMIT,
      maxFiles: 1,
      maxFields: 40,
      stopAtOversize: api,
      spoolOver: 1024 * 1024,
    });
    return {
      ok: true,
      form,
      bytes: tooLarge.has("file") ? null : await fileBytes(form.get("file")),
      tooLarge: tooLarge.has("file"),
    };
  } catch (error) {
    if (error instanceof MediaError)
      return {
        ok: false,
        status: 413,
        error: t("error.audioTooLarge", { max: MAX_AUDIO_BYTES / (1024 * 1024) }),
      };
    throw error;
  }
}

/** A refusal of the library's model in the reader's language: its message, field and status. */
export function libraryRefusal(
  t: T,
  error: unknown,
): { message: string; field: string | null; status: number } | null {
  if (error instanceof LibraryError)
    return {
      message: translateMessage(t, error.message),
      field: error.field ?? null,
      status: error.status,
    };
  if (error instanceof MediaError) {
    const tooLarge = error.title === IMAGE_ERRORS.tooLarge.title;
    return {
      message: `${mediaMessageText(t, error.title)}: ${mediaMessageText(t, error.description)}`,
      field: "file",
      status: tooLarge ? 413 : 415,
    };
  }
  return null;
}

/** An item as the screens and the API show it. */
export function itemJson(item: LibraryItemView) {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    decades: item.decades,
    themes: item.themes,
    source: item.source,
    mediaId: item.mediaId,
    url: `/media/${item.mediaId}`,
    widths: item.widths,
    width: item.width,
    height: item.height,
    durationSeconds: item.durationSeconds,
    mimeType: item.mimeType,
    createdAt: item.createdAt,
  };
}

export async function libraryLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const url = new URL(request.url);
  const kindAsked = url.searchParams.get("kind");
  const decadeAsked = url.searchParams.get("decade");
  const kind = kindAsked === "photo" || kindAsked === "audio" ? kindAsked : null;
  const decade = (LIBRARY_DECADES as readonly string[]).includes(decadeAsked ?? "")
    ? decadeAsked
    : null;
  return {
    items: listLibrary(db, { kind, decade }).map(itemJson),
    filter: { kind, decade },
    decades: [...LIBRARY_DECADES],
    categories: [...CATEGORY_VALUES],
    limits: {
      imageMb: MAX_IMAGE_BYTES / (1024 * 1024),
      audioMb: MAX_AUDIO_BYTES / (1024 * 1024),
      minutes: LIBRARY_AUDIO_MAX_SECONDS / 60,
      titleMax: LIBRARY_TITLE_MAX,
    },
  };
}

// one photo or clip: the recording limit (a clip is at most 40 MB)
export const libraryPolicy = { body: "recording", rate: "uploads" } satisfies RoutePolicy;

export async function libraryAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const t = await getT(request, "library");
  const upload = await readLibraryUpload(request, { api: false });
  if (!upload.ok)
    return data<LibraryFormReply>(
      { error: upload.error, field: "file", values: emptyValues() },
      { status: 413 },
    );
  const values = formValues(upload.form);
  const refuse = (message: string, field: string | null, status: number) =>
    data<LibraryFormReply>({ error: message, field, values }, { status });
  if (upload.tooLarge)
    return refuse(t("error.audioTooLarge", { max: MAX_AUDIO_BYTES / (1024 * 1024) }), "file", 413);
  try {
    const item = await addLibraryFile(
      db,
      community,
      { ...detailsOf(values), bytes: upload.bytes },
      user,
    );
    return redirectWithToast(libraryPath(area), {
      type: "success",
      title: t("toast.added"),
      description: item.title,
    });
  } catch (error) {
    const refusal = libraryRefusal(t, error);
    if (!refusal) throw error;
    return refuse(refusal.message, refusal.field, refusal.status);
  }
}

function emptyValues(): LibraryFormValues {
  return { title: "", decades: [], themes: [], otherThemes: "", source: "" };
}

async function itemOr404(request: Request, id: string | undefined) {
  const area = areaOf(request);
  const ctx = await requireArea(request, area);
  const item = getLibraryItem(ctx.db, id ?? "");
  if (!item)
    throw new Response((await getT(request, "library"))("error.notFound"), { status: 404 });
  return { ...ctx, area, item };
}

/** Splits stored themes into the category checkboxes and the typed words. */
function themeValues(themes: string[]) {
  return {
    themes: themes.filter((t) => CATEGORY_SET.has(t)),
    otherThemes: themes.filter((t) => !CATEGORY_SET.has(t)).join(", "),
  };
}

export async function editLibraryLoader({ request, params }: LoaderFunctionArgs) {
  const { item } = await itemOr404(request, params.itemId);
  return {
    item: itemJson(item),
    values: {
      title: item.title,
      decades: item.decades,
      ...themeValues(item.themes),
      source: item.source ?? "",
    } satisfies LibraryFormValues,
    decades: [...LIBRARY_DECADES],
    categories: [...CATEGORY_VALUES],
    titleMax: LIBRARY_TITLE_MAX,
  };
}

export const editLibraryPolicy = { body: "form" } satisfies RoutePolicy;

export async function editLibraryAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const t = await getT(request, "library");
  const before = getLibraryItem(db, params.itemId ?? "");
  if (!before)
    return redirectWithToast(libraryPath(area), {
      type: "error",
      title: t("toast.failed"),
      description: t("toast.gone"),
    });
  const values = formValues(await request.formData());
  try {
    const item = updateLibraryItem(db, before.id, detailsOf(values))!;
    return redirectWithToast(libraryPath(area), {
      type: "success",
      title: t("toast.updated"),
      description: item.title,
    });
  } catch (error) {
    const refusal = libraryRefusal(t, error);
    if (!refusal) throw error;
    return data<LibraryFormReply>(
      { error: refusal.message, field: refusal.field, values },
      { status: 400 },
    );
  }
}

export async function deleteLibraryLoader({ request, params }: LoaderFunctionArgs) {
  const { item } = await itemOr404(request, params.itemId);
  return { item: itemJson(item) };
}

export const deleteLibraryPolicy = { body: "form" } satisfies RoutePolicy;

export async function deleteLibraryAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const t = await getT(request, "library");
  const item = getLibraryItem(db, params.itemId ?? "");
  if (!item || !deleteLibraryItem(db, community, item.id))
    return redirectWithToast(libraryPath(area), {
      type: "error",
      title: t("toast.failed"),
      description: t("toast.gone"),
    });
  return redirectWithToast(libraryPath(area), {
    type: "success",
    title: t("toast.deleted"),
    description: item.title,
  });
}
