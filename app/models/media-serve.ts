// Pure helpers of the /media/{id} route: which stored width answers `?w=`, and HTTP Range parsing.

/** The smallest stored width at least as wide as asked for, else the largest; no ask: the largest. */
export function pickVariant<V extends { width: number }>(variants: readonly V[], requested: number | null): V {
  if (!variants.length) throw new Error("A media file without variants");
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const largest = sorted[sorted.length - 1]!;
  if (!requested || !Number.isFinite(requested) || requested <= 0) return largest;
  return sorted.find((v) => v.width >= requested) ?? largest;
}

export function parseWidth(raw: string | null): number | null {
  if (!raw || !/^\d{1,5}$/.test(raw)) return null;
  return Number(raw);
}

export type ByteRange = { start: number; end: number };

/**
 * A single `bytes=` range of a file of `size` bytes: the range, "unsatisfiable" (answer 416), or
 * null when there is no usable Range header (answer the whole file). Multiple ranges are served whole.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === "" && b === "") return null;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
