// Page numbers for long lists (pure).
export type Page = { page: number; pageCount: number; offset: number; limit: number; total: number; hasPrevious: boolean; hasNext: boolean };

/** Reads a 1-based `?page=` value; anything that is not a positive whole number means page 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The slice of `total` items for `requested` page, clamped to the pages that exist. */
export function pageOf(total: number, requested: number, perPage: number): Page {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * perPage, limit: perPage, total, hasPrevious: page > 1, hasNext: page < pageCount };
}
