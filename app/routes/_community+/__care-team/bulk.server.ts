// What the bulk actions on the ticked rows of the residents and families lists share
// (/{area}/residents/bulk, /{area}/families/bulk): the page's loader and policy, its answers, the
// ids ticked, and the Undo a toast offers.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { areaOf } from "./areas";
import type { SheetEntry } from "./sheet";

/** Undo forms travel in the toast cookie: only for a reasonable number of people. */
const UNDO_LIMIT = 40;

/**
 * A bulk action's answer when it did not redirect: asked first, a sheet of links, or nothing done;
 * `back` is the list's query it came from (listQueryOf), for the way back to it.
 */
export type BulkResult = (
  | { kind: "confirm"; intent: "deactivate"; people: { id: string; name: string }[] }
  | { kind: "sheet"; entries: SheetEntry[]; skipped: { name: string; reason: string }[] }
  | { kind: "nothing"; message: string }
) & { back?: string };

export async function bulkLoader({ request }: LoaderFunctionArgs) {
  await requireArea(request, areaOf(request));
  // the page shows the bulk form's answer; opened by itself it points back to the list
  return null;
}

export const bulkPolicy = { body: "form" } satisfies RoutePolicy;

/** The ids ticked in the list's form (an empty or overlong value is no id). */
export function tickedIds(form: FormData): string[] {
  return form
    .getAll("ids")
    .map(String)
    .filter((v) => v.length > 0 && v.length < 100);
}

/**
 * The query of the list the bulk form was sent from (its `back` field: "?q=…&status=…&page=2"),
 * so that the list comes back as it was; "" when there is none or it is not a plain query.
 */
export function listQueryOf(form: FormData): string {
  const back = String(form.get("back") ?? "");
  return /^\?[^#\s]{1,500}$/.test(back) ? back : "";
}

/** `path` with the list's `query`, some of its parameters changed (the page starts again at 1). */
export function listPathWith(path: string, query: string, changes: Record<string, string>) {
  const params = new URLSearchParams(query);
  params.delete("page");
  for (const [name, value] of Object.entries(changes)) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A toast's Undo: `intent` sent back to `action` for the same ids; none for a long list. `label`
 * is the button's word in the reader's language; `back` the list's query, kept for the way back.
 */
export function undoFor(action: string, intent: string, ids: string[], label: string, back = "") {
  if (ids.length > UNDO_LIMIT) return {};
  const fields = [["intent", intent], ...ids.map((id) => ["ids", id])] as [string, string][];
  if (back) fields.push(["back", back]);
  return { undo: { action, label, fields } };
}
