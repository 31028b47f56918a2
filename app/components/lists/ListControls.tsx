// The controls of a long list, all in the URL so that they work without JavaScript and can be
// bookmarked: a search form (GET) with the list's filters, sortable column headers, and pages.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { SubmitButton } from "~/components/forms";
import { useDateFormat } from "~/components/community-time";
import { useHydrated } from "~/components/hydration";
import { useT } from "~/utils/i18n";

/** `?tick=all`: every row of the page comes ticked (the select-all of a browser without JavaScript). */
export const TICK_ALL_PARAM = "tick";

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

/**
 * The current URL's query with some parameters changed (null removes one); the page goes back to 1
 * unless set, and rows ticked all at once are not ticked on another page or order.
 */
export function hrefWith(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  if (!(TICK_ALL_PARAM in changes)) params.delete(TICK_ALL_PARAM);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The list's query as it is ("?q=…&page=2", or ""), without rows ticked all at once. */
export function useListQuery(): string {
  const { search } = useLocation();
  const query = hrefWith(search, { page: new URLSearchParams(search).get("page") });
  return query === "?" ? "" : query;
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
      className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      preventScrollReset
    >
      {/* the field's name is said by its label and shown by the Search button beside it */}
      <label htmlFor={`${id}-q`} className="sr-only">
        {t("common:search")}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        defaultValue={view.q}
        className="input w-auto min-w-[8rem] flex-1 basis-32"
        placeholder={placeholder}
        autoComplete="off"
      />
      {filters.map((f) => (
        // a long label or option (a community's name) wraps or narrows, never widens the page
        <span
          key={f.name}
          className="flex min-w-0 max-w-full flex-wrap items-center gap-x-2 gap-y-1"
        >
          <label htmlFor={`${id}-${f.name}`} className="font-bold text-ink">
            {f.label}
          </label>
          <select
            id={`${id}-${f.name}`}
            name={f.name}
            defaultValue={values[f.name] ?? view.filters[f.name]}
            className="input w-auto min-w-0 max-w-full"
          >
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </span>
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

/** A list's heading and its page's buttons (Add, Print, Export) on one line above its toolbar. */
export function ListHeader({
  id,
  title,
  action,
}: {
  id: string;
  title: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2 print:hidden [&_.btn]:py-1 [&_.btn-primary]:py-1 [&_.btn-secondary]:py-1">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {action}
    </div>
  );
}

/**
 * The bar between a list's heading and its table: the search form and the bulk form side by side,
 * on one line where they fit, so that the list starts high on the screen.
 */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden [&_.btn-ghost]:py-1 [&_.btn-primary]:py-1 [&_.btn-secondary]:py-1 [&_.input]:py-1">
      {children}
    </div>
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
      className={`py-0 font-semibold ${className || "px-3"}`}
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
    <th scope="col" className="px-2 py-0 font-semibold">
      {label}
    </th>
  );
}

/**
 * "Showing 26–50 of 512 residents", and Previous / Next with the page number between. `label`
 * names the pages for a screen reader and `noun` the rows, both in the reader's language. Another
 * page opens at the list's top: at the element `anchor` names (its id, the list's table) with or
 * without JavaScript, or else at the top of the page, never where this page was scrolled to.
 */
export function Pager({
  page,
  label,
  noun,
  anchor,
}: {
  page: PageProps;
  label: string;
  noun: string;
  anchor?: string;
}) {
  const withQuery = useHrefWith();
  const href = (changes: Record<string, string | null>) =>
    `${withQuery(changes)}${anchor ? `#${anchor}` : ""}`;
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
      <summary className="btn-ghost cursor-pointer list-none py-0" aria-label={label}>
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
  const tickAll = useTickAll();
  return (
    <label className="inline-flex min-h-target min-w-target cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        name="ids"
        value={value}
        form={formId}
        className="h-6 w-6"
        aria-label={label}
        defaultChecked={tickAll}
      />
    </label>
  );
}

/** Whether the URL asks for every row of the page ticked (`?tick=all`). */
export function useTickAll(): boolean {
  return new URLSearchParams(useLocation().search).get(TICK_ALL_PARAM) === "all";
}

/**
 * The checkbox column's header: ticks or unticks every row of the page for the bulk form
 * `formId`. With JavaScript a checkbox (mixed while only some are ticked); without it a link that
 * opens the same page with every row ticked (`?tick=all`), or none.
 */
export function TickAllHeader({ formId, count }: { formId: string; count: number }) {
  const hydrated = useHydrated();
  const tickAll = useTickAll();
  const href = useHrefWith();
  const { search } = useLocation();
  const t = useT("layout");
  const box = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"none" | "some" | "all">(tickAll ? "all" : "none");
  const rows = () =>
    Array.from(
      document.querySelectorAll<HTMLInputElement>(
        `input[type="checkbox"][name="ids"][form="${formId}"]`,
      ),
    );
  useEffect(() => {
    if (!hydrated) return;
    const sync = () => {
      const all = rows();
      const ticked = all.filter((b) => b.checked).length;
      setState(ticked === 0 ? "none" : ticked === all.length ? "all" : "some");
    };
    sync();
    document.addEventListener("change", sync);
    return () => document.removeEventListener("change", sync);
    // the rows change with the page's query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, formId, search]);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === "some";
  }, [state]);
  if (hydrated)
    return (
      <label className="inline-flex min-h-target min-w-target cursor-pointer items-center justify-center">
        <input
          ref={box}
          type="checkbox"
          className="h-6 w-6"
          aria-label={t("list.tickAll", { count })}
          checked={state === "all"}
          onChange={(e) => {
            for (const b of rows()) b.checked = e.target.checked;
            setState(e.target.checked ? "all" : "none");
          }}
          data-testid="tick-all"
        />
      </label>
    );
  return tickAll ? (
    <Link
      to={href({ [TICK_ALL_PARAM]: null, page: new URLSearchParams(search).get("page") })}
      className="btn-ghost min-w-target px-1 py-0 text-base"
      aria-label={t("list.untickAll")}
      preventScrollReset
      data-testid="tick-all"
    >
      {t("list.untickAllShort")}
    </Link>
  ) : (
    <Link
      to={href({ [TICK_ALL_PARAM]: "all", page: new URLSearchParams(search).get("page") })}
      className="btn-ghost min-w-target px-1 py-0 text-base"
      aria-label={t("list.tickAll", { count })}
      preventScrollReset
      data-testid="tick-all"
    >
      {t("list.tickAllShort")}
    </Link>
  );
}

/**
 * The bar above a list with checkboxes: one action for every ticked row (a POST form; the rows'
 * checkboxes join it with `form={formId}`, so it works without JavaScript). `label` names the
 * form ("With the residents ticked below"), `applyLabel` its button, which shows its first word.
 * The list's query goes with it (`back`), so the list comes back as it was, search and all.
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
  const tl = useT("layout");
  const back = useListQuery();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form
      id={formId}
      method="post"
      action={action}
      aria-label={label}
      className="flex min-w-0 max-w-full flex-wrap items-center gap-2 rounded-lg bg-stone-100 pl-2"
    >
      <input type="hidden" name="back" value={back} />
      <label htmlFor={`${formId}-intent`} className="font-bold">
        {tl("list.withTicked")}
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
      <button type="submit" className="btn-secondary" aria-label={applyLabel}>
        {pending ? t("list.working") : tl("list.apply")}
      </button>
    </Form>
  );
}
