// cacheStatements (db.server): a handle keeps its recently used statements compiled, by SQL text,
// and hands one out again only in the plain mode drizzle expects.
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheStatements } from "~/utils/db.server";

let sqlite: Database.Database;
let compiled: string[];

beforeEach(() => {
  sqlite = new Database(":memory:");
  compiled = [];
  // count what SQLite is asked to compile: the prototype's prepare, which the cache calls
  const compile = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    compiled.push(source);
    return compile(source);
  }) as typeof sqlite.prepare;
  cacheStatements(sqlite, 3);
  sqlite.exec("create table t (id integer primary key, name text)");
  sqlite.exec("insert into t (name) values ('a'), ('b'), ('c')");
  compiled = [];
});
afterEach(() => sqlite.close());

describe("the statement cache", () => {
  it("compiles a statement once and reuses it for the same SQL", () => {
    const q = "select name from t where id = ?";
    expect(sqlite.prepare(q).get(1)).toEqual({ name: "a" });
    expect(sqlite.prepare(q).get(2)).toEqual({ name: "b" });
    expect(sqlite.prepare(q)).toBe(sqlite.prepare(q));
    expect(compiled).toEqual([q]);
  });

  it("hands a statement out in plain mode, whatever mode its last user left it in", () => {
    const q = "select id, name from t order by id";
    expect(sqlite.prepare(q).raw().all()[0]).toEqual([1, "a"]);
    expect(sqlite.prepare(q).all()[0]).toEqual({ id: 1, name: "a" });
    expect(sqlite.prepare(q).pluck().all()).toEqual([1, 2, 3]);
    expect(sqlite.prepare(q).get()).toEqual({ id: 1, name: "a" });
  });

  it("keeps only the most recently used statements", () => {
    const q = (n: number) => `select ${n} as n`;
    for (const n of [1, 2, 3]) sqlite.prepare(q(n));
    sqlite.prepare(q(1)); // 1 is now the most recent: 2 is the oldest
    sqlite.prepare(q(4)); // pushes 2 out
    compiled = [];
    for (const n of [1, 3, 4]) sqlite.prepare(q(n));
    expect(compiled).toEqual([]);
    sqlite.prepare(q(2));
    expect(compiled).toEqual([q(2)]);
  });

  it("does not hand out a statement that is still being iterated", () => {
    const q = "select id from t order by id";
    const rows = sqlite.prepare(q).iterate() as IterableIterator<{ id: number }>;
    expect(rows.next().value).toEqual({ id: 1 });
    // the same query while the first is half read: its own statement, and it runs
    expect(sqlite.prepare(q).all()).toHaveLength(3);
    expect([...rows].map((r) => r.id)).toEqual([2, 3]);
  });

  it("drizzle's queries run on cached statements with the right rows", () => {
    const db = drizzle(sqlite);
    const byId = (id: number) => db.all<{ name: string }>(sql`select name from t where id = ${id}`);
    expect(byId(1)).toEqual([{ name: "a" }]);
    expect(byId(3)).toEqual([{ name: "c" }]);
    expect(compiled).toHaveLength(1);
  });
});
