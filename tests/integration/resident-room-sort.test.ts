// Sorting the residents list by room: rooms in natural order both ways, and residents without a
// room last whichever way the rooms go, with every resident on exactly one page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import {
  listResidentsMatching,
  listResidentsPage,
  readResidentListParams,
} from "~/models/resident-list.server";
import { getTenantDb, type TenantDb } from "~/utils/db.server";

let dir: string;
let db: TenantDb;
const params = (query: string) => readResidentListParams(new URLSearchParams(query));

beforeAll(() => {
  dir = useTempDataDir();
  db = getTenantDb(
    createCommunity({ name: "Room Court", subdomain: "roomcourt", timeZone: "Europe/London" }),
  );
  for (const [first, last, room] of [
    ["Ada", "Nolan", null],
    ["Ben", "Ames", "10"],
    ["Cy", "Bell", "2"],
    ["Di", "Zed", ""],
    ["Ed", "Cole", "10B"],
    ["Flo", "Moss", "Room 3"],
    ["Gus", "Abel", null],
  ] as const)
    createResident(db, { firstName: first, lastName: last, roomNumber: room });
});

afterAll(() => cleanupDataDir(dir));

/** Every page of the list, 3 rows a page, as "room" (or "-" for none). */
function allPages(query: string): string[] {
  const first = listResidentsPage(db, params(query), 3);
  const rooms: string[] = [];
  for (let p = 1; p <= first.page.pageCount; p++)
    rooms.push(
      ...listResidentsPage(db, params(`${query}&page=${p}`), 3).rows.map(
        (r) => r.roomNumber ?? "-",
      ),
    );
  return rooms;
}

describe("the room sort", () => {
  it("goes up the rooms with the residents without a room last", () => {
    expect(allPages("sort=room")).toEqual(["2", "3", "10", "10B", "-", "-", "-"]);
  });

  it("goes down the rooms with the residents without a room still last, across pages", () => {
    expect(allPages("sort=-room")).toEqual(["10B", "10", "3", "2", "-", "-", "-"]);
    expect(listResidentsPage(db, params("sort=-room"), 3).page.total).toBe(7);
  });

  it("the export and the API without pages list them in the same order", () => {
    expect(listResidentsMatching(db, params("sort=-room")).map((r) => r.roomNumber ?? "-")).toEqual(
      ["10B", "10", "3", "2", "-", "-", "-"],
    );
  });

  it("a search keeps the order and its own count", () => {
    const rows = listResidentsPage(db, params("sort=-room&q=e"), 25).rows;
    expect(rows.map((r) => r.lastName)).toEqual(["Cole", "Ames", "Bell", "Zed", "Abel"]);
  });
});
