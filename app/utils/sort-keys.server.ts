// Sort keys for rows written before the key columns existed, or by code that inserts rows
// directly (the demo seed, test fixtures): filled when a database is opened. Raw SQL on the
// better-sqlite3 handle, so that db.server.ts can call it without importing the schema twice.
import type Database from "better-sqlite3";
import { foldText, nameSortKey, personSortKey, roomSortKey } from "./text-keys";

/** Registers fold(text) (lowercase, no accents) for accent-insensitive search in SQL. */
export function registerTextFunctions(sqlite: Database.Database) {
  sqlite.function("fold", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldText(value) : value,
  );
}

function hasColumn(sqlite: Database.Database, table: string, column: string): boolean {
  return (
    (sqlite
      .prepare(`select 1 from pragma_table_info(?) where name = ?`)
      .get(table, column) as unknown) !== undefined
  );
}

/** Fills the residents' and family members' sort keys where they are missing. Returns how many. */
export function fillTenantSortKeys(sqlite: Database.Database): number {
  if (!hasColumn(sqlite, "residents", "sort_name")) return 0;
  let filled = 0;
  const residents = sqlite
    .prepare(
      "select id, first_name, last_name, room_number from residents where sort_name is null or sort_room is null",
    )
    .all() as {
    id: string;
    first_name: string;
    last_name: string;
    room_number: string | null;
  }[];
  const setResident = sqlite.prepare(
    "update residents set sort_name = ?, sort_room = ? where id = ?",
  );
  const family = sqlite
    .prepare("select id, name from family_members where sort_name is null")
    .all() as { id: string; name: string }[];
  const setFamily = sqlite.prepare("update family_members set sort_name = ? where id = ?");
  sqlite.transaction(() => {
    for (const r of residents)
      filled += setResident.run(
        personSortKey(r.first_name, r.last_name),
        roomSortKey(r.room_number),
        r.id,
      ).changes;
    for (const f of family) filled += setFamily.run(nameSortKey(f.name), f.id).changes;
  })();
  return filled;
}

/** Fills the users' and communities' sort keys where they are missing. Returns how many. */
export function fillControlSortKeys(sqlite: Database.Database): number {
  if (!hasColumn(sqlite, "users", "sort_name")) return 0;
  let filled = 0;
  const users = sqlite
    .prepare("select id, display_name, username from users where sort_name is null")
    .all() as { id: string; display_name: string; username: string }[];
  const setUser = sqlite.prepare("update users set sort_name = ? where id = ?");
  const communities = sqlite
    .prepare("select id, name from communities where sort_name is null")
    .all() as { id: string; name: string }[];
  const setCommunity = sqlite.prepare("update communities set sort_name = ? where id = ?");
  sqlite.transaction(() => {
    for (const u of users)
      filled += setUser.run(nameSortKey(u.display_name || u.username), u.id).changes;
    for (const c of communities) filled += setCommunity.run(nameSortKey(c.name), c.id).changes;
  })();
  return filled;
}
