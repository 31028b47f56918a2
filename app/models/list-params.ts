// The URL of a long list: `?q=` words to find, `?sort=` a column (`-column` for descending),
// filters by name, and `?page=` (25 rows a page). Everything a list shows is in its URL, so it
// works without JavaScript and can be bookmarked. Pure: used by loaders, CSV exports and the API.
import { parsePageParam } from "./paging";

export const PER_PAGE = 25;

export type ListSpec<S extends string, F extends Record<string, readonly string[]>> = {
  sorts: readonly S[];
  /** the default sort, `-column` for descending */
  defaultSort: S | `-${S}`;
  filters: F;
  /** each filter's value when the URL names none (or an unknown one) */
  defaults: { [K in keyof F]: F[K][number] };
};

export type ListParams<S extends string, F extends Record<string, readonly string[]>> = {
  q: string;
  sort: S;
  desc: boolean;
  page: number;
  filters: { [K in keyof F]: F[K][number] };
};

function parseSort<S extends string>(raw: string | null, sorts: readonly S[], fallback: string): { sort: S; desc: boolean } {
  for (const value of [raw ?? "", fallback]) {
    const desc = value.startsWith("-");
    const key = (desc ? value.slice(1) : value) as S;
    if (sorts.includes(key)) return { sort: key, desc };
  }
  return { sort: sorts[0]!, desc: false };
}

/** Reads a list's parameters; anything unknown or malformed falls back to the default. */
export function readListParams<S extends string, F extends Record<string, readonly string[]>>(params: URLSearchParams, spec: ListSpec<S, F>): ListParams<S, F> {
  const filters = {} as { [K in keyof F]: F[K][number] };
  for (const name of Object.keys(spec.filters) as (keyof F & string)[]) {
    const value = params.get(name);
    filters[name] = value !== null && spec.filters[name]!.includes(value) ? value : spec.defaults[name];
  }
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    ...parseSort(params.get("sort"), spec.sorts, spec.defaultSort),
    page: parsePageParam(params.get("page")),
    filters,
  };
}

/** What a list screen shows of its parameters (search box, sort headers, filter choices). */
export type ListView = { q: string; sort: string; desc: boolean; filters: Record<string, string> };

export function listView(params: ListParams<string, Record<string, readonly string[]>>): ListView {
  return { q: params.q, sort: params.sort, desc: params.desc, filters: params.filters };
}
