import { describe, expect, it } from "vitest";
import { parseRange, parseWidth, pickVariant } from "~/models/media-serve";

const variants = [{ width: 1600 }, { width: 400 }, { width: 800 }];

describe("pickVariant", () => {
  it("picks the smallest stored width that covers the request, else the largest", () => {
    expect(pickVariant(variants, 1).width).toBe(400);
    expect(pickVariant(variants, 400).width).toBe(400);
    expect(pickVariant(variants, 401).width).toBe(800);
    expect(pickVariant(variants, 1200).width).toBe(1600);
    expect(pickVariant(variants, 5000).width).toBe(1600);
    expect(pickVariant(variants, null).width).toBe(1600);
  });
  it("parses only plain widths from ?w=", () => {
    expect(parseWidth("800")).toBe(800);
    expect(parseWidth("-5")).toBeNull();
    expect(parseWidth("8e2")).toBeNull();
    expect(parseWidth(null)).toBeNull();
  });
});

describe("parseRange", () => {
  it("reads single byte ranges", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
  });
  it("says unsatisfiable for ranges outside the file", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=50-10", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
  it("ignores what it does not understand (the whole file is served)", () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange("bytes=-", 1000)).toBeNull();
  });
});
