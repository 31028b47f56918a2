// The controls of a long list, all in the URL so that they work without JavaScript and can be
// bookmarked: a search form (GET) with the list's filters, sortable column headers, and pages.
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/forms";
import { useDateFormat } from "~/components/community-time";
import { useT } from "~/utils/i18n";

export type ListViewProps = {
  q: string;
  sort: string;
  desc: boolean;
  filters: Record<string, string>;
};
export type PageProps = {
  page: number;
  pageCount: number;
  offset: number;
  limit: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
};
export type FilterChoice = {
  name: string;
  label: string;
  options: { value: string; label: string }[];
};

/**
 * The list's search words, filters and sort as a query string ("?q=…&sort=…"), without its page:
 * what its CSV export takes. `extra` adds parameters (null or undefined leaves one out).
 */
export function viewQuery(
  view: ListViewProps,
  extra: Record<string, string | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  for (const [k, v] of Object.entries(view.filters)) params.set(k, v);
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  params.set("sort", view.desc ? `-${view.sort}` : view.sort);
  return `?${params.toString()}`;
}

/** The current URL's query with some parameters changed (null removes one); the page goes back to 1 unless set. */
export function hrefWith(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export function useHrefWith() {
  const { search, pathname } = useLocation();
  return (changes: Record<string, string | null>) => `${pathname}${hrefWith(search, changes)}`;
}

/** Search words and filters: a GET form; its button applies them (the page starts again at 1). */
export function ListSearch({
  id,
  label,
  view,
  filters = [],
  keep = {},
  values = {},
  placeholder,
}: {
  id: string;
  label: string;
  view: ListViewProps;
  filters?: FilterChoice[];
  /** other parameters to keep (the sort, a resident chosen elsewhere) */
  keep?: Record<string, string | null | undefined>;
  /** current values of filters that are not among the view's (a community chosen by id) */
  values?: Record<string, string>;
  placeholder?: string;
}) {
  const { pathname, search } = useLocation();
  const sortParam = view.desc ? `-${view.sort}` : view.sort;
  const kept = { sort: sortParam, ...keep };
  const current = new URLSearchParams(search);
  const active =
    view.q !== "" ||
    [...Object.keys(view.filters), ...Object.keys(values)].some((k) => current.has(k));
  const t = useT("care");
  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <div className="min-w-[14rem] flex-1">
        <label htmlFor={`${id}-q`} className="label">
          {t("common:search")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={view.q}
          className="input"
          placeholder={placeholder}
          autoComplete="off"
        />
      </div>
      {filters.map((f) => (
        <div key={f.name}>
          <label htmlFor={`${id}-${f.name}`} className="label">
            {f.label}
          </label>
          <select
            id={`${id}-${f.name}`}
            name={f.name}
            defaultValue={values[f.name] ?? view.filters[f.name]}
            className="input"
          >
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {Object.entries(kept).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <button type="submit" className="btn-primary">
        {t("common:search")}
      </button>
      {active ? (
        <Link to={pathname} className="btn-ghost" preventScrollReset>
          {t("list.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

/** A column header that sorts the list by its column; pressing it again reverses the order. */
export function SortHeader({
  column,
  label,
  view,
  className = "",
}: {
  column: string;
  label: string;
  view: ListViewProps;
  className?: string;
}) {
  const href = useHrefWith();
  const t = useT("care");
  const current = view.sort === column;
  const next = current && !view.desc ? `-${column}` : column;
  return (
    <th
      scope="col"
      className={`py-2 font-semibold ${className || "px-3"}`}
      aria-sort={current ? (view.desc ? "descending" : "ascending") : undefined}
    >
      <Link
        to={href({ sort: next })}
        className="inline-flex min-h-target items-center gap-1 whitespace-nowrap text-ink underline-offset-2 hover:underline"
        preventScrollReset
      >
        {label}
        <span aria-hidden="true" className="text-brand-800">
          {current ? (view.desc ? "▼" : "▲") : "↕"}
        </span>
        <span className="sr-only">
          {current ? (view.desc ? t("list.sortedDesc") : t("list.sortedAsc")) : t("list.sortBy")}
        </span>
      </Link>
    </th>
  );
}

/** A column that does not sort (Status, Actions), sized like the sortable ones beside it. */
export function ColumnHeader({ label }: { label: string }) {
  return (
    <th scope="col" className="px-2 py-2 font-semibold">
      {label}
    </th>
  );
}

/**
 * "Showing 26–50 of 512 residents", and Previous / Next with the page number between. `label`
 * names the pages for a screen reader and `noun` the rows, both in the reader's language.
 */
export function Pager({ page, label, noun }: { page: PageProps; label: string; noun: string }) {
  const href = useHrefWith();
  const t = useT("care");
  const { number } = useDateFormat();
  if (page.total === 0) return null;
  const first = page.offset + 1;
  const last = Math.min(page.offset + page.limit, page.total);
  return (
    <nav
      aria-label={label}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-base"
    >
      <p data-testid="list-range">
        {t("list.range", {
          first: number(first),
          last: number(last),
          total: number(page.total),
          noun,
        })}
      </p>
      {page.pageCount > 1 ? (
        <div className="flex flex-wrap items-center gap-2">
          {page.hasPrevious ? (
            <Link
              to={href({ page: String(page.page - 1) })}
              className="btn-secondary"
              rel="prev"
              preventScrollReset
              aria-label={t("list.previousPage")}
            >
              {t("common:previous")}
            </Link>
          ) : null}
          <span>
            {t("list.pageOf", { page: number(page.page), count: number(page.pageCount) })}
          </span>
          {page.hasNext ? (
            <Link
              to={href({ page: String(page.page + 1) })}
              className="btn-secondary"
              rel="next"
              preventScrollReset
              aria-label={t("list.nextPage")}
            >
              {t("common:next")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}

/**
 * A compact menu of a row's less frequent actions: a native disclosure, so it works without
 * JavaScript. It opens inside the row (not floating over the table), so the table's sideways
 * scrolling on small screens and at large text never cuts it off.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const t = useT("care");
  return (
    <details className="row-menu">
      <summary className="btn-ghost cursor-pointer list-none" aria-label={label}>
        {t("list.more")} <span aria-hidden="true">▾</span>
      </summary>
      <div className="mt-1 flex min-w-[11rem] flex-col gap-1 rounded-lg border-2 border-stone-300 bg-white p-1 shadow-sm">
        {children}
      </div>
    </details>
  );
}

/**
 * A row's menu item that posts `fields` to `action` at once: `label` is shown, `srLabel` (which
 * names the row) is what a screen reader says.
 */
export function RowMenuPost({
  action,
  fields,
  label,
  srLabel,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  srLabel: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton className="btn-ghost w-full justify-start">
        <span aria-hidden="true">{label}</span>
        <span className="sr-only">{srLabel}</span>
      </SubmitButton>
    </Form>
  );
}

/** A row's checkbox for the bulk form `formId` (BulkBar), outside the form, joined to it by id. */
export function RowTick({
  value,
  formId,
  label,
}: {
  value: string;
  formId: string;
  label: string;
}) {
  return (
    <label className="inline-flex min-h-target min-w-target cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        name="ids"
        value={value}
        form={formId}
        className="h-6 w-6"
        aria-label={label}
      />
    </label>
  );
}

/**
 * The bar above a list with checkboxes: one action for every ticked row (a POST form; the rows'
 * checkboxes join it with `form={formId}`, so it works without JavaScript). `label` names the
 * choice of action ("With the residents ticked below"), `applyLabel` its button.
 */
export function BulkBar({
  formId,
  action,
  label,
  applyLabel,
  actions,
}: {
  formId: string;
  action: string;
  label: string;
  applyLabel: string;
  actions: { value: string; label: string }[];
}) {
  const t = useT("care");
  return (
    <Form
      id={formId}
      method="post"
      action={action}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg bg-stone-100 px-3 py-2"
    >
      <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
        <label htmlFor={`${formId}-intent`} className="font-semibold">
          {label}
        </label>
        <select
          id={`${formId}-intent`}
          name="intent"
          className="input w-full min-w-0 sm:w-auto"
          defaultValue={actions[0]?.value}
        >
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton className="btn-secondary" pendingText={t("list.working")}>
        {applyLabel}
      </SubmitButton>
    </Form>
  );
}
