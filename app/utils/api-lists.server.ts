// The JSON API's lists take the screens' list parameters (?q=, ?sort=, ?page= and filters). A
// page is still a plain JSON array, as the product's API client expects; how many there are in all
// travels in headers.

/** Whether the caller asked for any list parameter (otherwise the API answers as it always did). */
export function usesListParams(search: URLSearchParams, filters: readonly string[] = []): boolean {
  return ["q", "sort", "page", ...filters].some((name) => search.has(name));
}

/** One page as a JSON array, with X-Total-Count, X-Page-Count and X-Page. */
export function pagedJson(
  items: unknown[],
  page: { page: number; pageCount: number; total: number },
): Response {
  return Response.json(items, {
    headers: {
      "X-Total-Count": String(page.total),
      "X-Page-Count": String(page.pageCount),
      "X-Page": String(page.page),
    },
  });
}
