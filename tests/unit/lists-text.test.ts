// The pieces of the long lists that need no database: how names and rooms sort and are found,
// how a list's URL is read, CSV as spreadsheets read it, and the calendar's month grid.
import { describe, expect, it } from "vitest";
import { monthGrid, monthLabel, parseMonth, shiftMonth } from "~/models/calendar-month";
import { readListParams } from "~/models/list-params";
import { csvField, toCsv } from "~/utils/csv";
import {
  containsPattern,
  foldText,
  normalizeRoom,
  personSortKey,
  residentSearchWords,
  roomSortKey,
  searchWords,
} from "~/utils/text-keys";
import { confirmsName } from "~/models/erasure.server";

describe("sort keys", () => {
  it("folds case and accents, so DeLuca sorts after Delgado and Élise beside Elise", () => {
    expect(foldText("  Élise  O'Brien-Ward ")).toBe("elise obrienward");
    expect(foldText("Łukasz Heß Ørsted")).toBe("lukasz hess orsted");
    const names = ["DeLuca", "Delgado", "delacroix", "Élise", "Elisa", "Zoë", "zimmer"];
    const sorted = [...names].sort((a, b) => (foldText(a) < foldText(b) ? -1 : 1));
    expect(sorted).toEqual(["delacroix", "Delgado", "DeLuca", "Elisa", "Élise", "zimmer", "Zoë"]);
    // family name first; a shorter family name before a longer one that starts the same
    expect(personSortKey("Margaret", "Ellis") < personSortKey("Bob", "Ellison")).toBe(true);
  });

  it("orders rooms naturally: 2 < 10 < 10A < 10B < 11 < A-2 < A-10, no room last", () => {
    const rooms = ["10B", "A-10", "2", "11", null, "10", "A-2", "10A", "002"];
    const sorted = [...rooms].sort((a, b) =>
      roomSortKey(a) < roomSortKey(b) ? -1 : roomSortKey(a) > roomSortKey(b) ? 1 : 0,
    );
    expect(sorted).toEqual(["2", "002", "10", "10A", "10B", "11", "A-2", "A-10", null]);
  });

  it("stores a room typed as 'Room 14' as 14, and leaves other rooms alone", () => {
    expect(normalizeRoom("Room 14")).toBe("14");
    expect(normalizeRoom("room14")).toBe("14");
    expect(normalizeRoom("ROOM #3B")).toBe("3B");
    expect(normalizeRoom("Roomy suite")).toBe("Roomy suite");
    expect(normalizeRoom("Room")).toBeNull();
    expect(normalizeRoom("  ")).toBeNull();
    expect(normalizeRoom("12B")).toBe("12B");
  });

  it("reads search words folded, and takes % and _ literally", () => {
    expect(searchWords("  Brontë  QUIX ")).toEqual(["bronte", "quix"]);
    expect(searchWords("a b c d e f g h")).toHaveLength(6);
    expect(containsPattern("50%_off")).toBe("%50\\%\\_off%");
  });
});

describe("list parameters", () => {
  const spec = {
    sorts: ["name", "room"],
    defaultSort: "name",
    filters: { status: ["active", "inactive", "all"] },
    defaults: { status: "active" },
  } as const;
  it("reads q, sort (-column descending), filters and page, and falls back on anything unknown", () => {
    const p = readListParams(
      new URLSearchParams("q=%20Ada%20&sort=-room&status=inactive&page=3"),
      spec,
    );
    expect(p).toEqual({
      q: "Ada",
      sort: "room",
      desc: true,
      page: 3,
      filters: { status: "inactive" },
    });
    const bad = readListParams(new URLSearchParams("sort=password&status=everyone&page=-1"), spec);
    expect(bad).toEqual({
      q: "",
      sort: "name",
      desc: false,
      page: 1,
      filters: { status: "active" },
    });
  });
});

describe("CSV (RFC 4180)", () => {
  it("quotes fields with commas, quotes and line breaks, and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Ellis, Margaret")).toBe('"Ellis, Margaret"');
    expect(csvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(null)).toBe("");
    expect(csvField(12)).toBe("12");
    expect(csvField(-3)).toBe("-3");
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tTab")).toBe("'\tTab");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "x,y"],
          [null, true],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,true\r\n');
  });
});

describe("the calendar's month", () => {
  it("reads ?month= and steps across years", () => {
    expect(parseMonth("2026-12")).toBe("2026-12");
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("12-2026")).toBeNull();
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(monthLabel("2026-12")).toBe("December 2026");
  });

  it("lays December 2026 out in Monday-first weeks with each day's events", () => {
    const weeks = monthGrid("2026-12", [{ eventDate: "2026-12-24", id: "e" }], "2026-12-01");
    // December 1, 2026 is a Tuesday: the grid starts on Monday November 30
    expect(weeks[0]![0]).toMatchObject({ date: "2026-11-30", inMonth: false });
    expect(weeks[0]![1]).toMatchObject({ date: "2026-12-01", inMonth: true, isToday: true });
    expect(weeks).toHaveLength(5);
    expect(weeks.flat().find((d) => d.date === "2026-12-24")!.events).toHaveLength(1);
    expect(weeks.at(-1)!.at(-1)!.date).toBe("2027-01-03");
  });
});

describe("a resident found as the list shows her", () => {
  it("drops the word Room before a number, but keeps it when it is all that was typed", () => {
    expect(residentSearchWords("Room 10B")).toEqual(["10b"]);
    expect(residentSearchWords("habitación 4")).toEqual(["4"]);
    expect(residentSearchWords("room")).toEqual(["room"]);
    expect(residentSearchWords("Roomy Ellis")).toEqual(["roomy", "ellis"]);
  });

  it("confirms an erasure by the name typed without its accents or hyphens", () => {
    expect(confirmsName("Amelie Bronte-Quixley", "Amélie Brontë-Quixley")).toBe(true);
    expect(confirmsName("  amelie   bronte quixley ", "Amélie Brontë-Quixley")).toBe(true);
    expect(confirmsName("Amelie Bronte", "Amélie Brontë-Quixley")).toBe(false);
    expect(confirmsName("", "")).toBe(false);
  });
});
