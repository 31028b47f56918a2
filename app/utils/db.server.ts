// Database handles: one control database, and one SQLite file per community kept in a bounded LRU.
// Tenant data is only reachable through a TenantDb handle, which only getTenantDb() hands out.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as controlSchema from "../../db/schema/control";
import * as tenantSchema from "../../db/schema/tenant";
import { env } from "./env.server";
import { fillControlSortKeys, fillTenantSortKeys, registerTextFunctions } from "./sort-keys.server";

export type ControlDb = BetterSQLite3Database<typeof controlSchema> & {
  $client: Database.Database;
};
export type TenantDb = BetterSQLite3Database<typeof tenantSchema> & { $client: Database.Database };
/**
 * What a query needs of a community's database: the handle itself or a transaction on it. Functions
 * that also run inside another function's transaction take this rather than TenantDb.
 */
export type TenantQueries = BaseSQLiteDatabase<"sync", Database.RunResult, typeof tenantSchema>;
export type Community = typeof controlSchema.communities.$inferSelect;

const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");
const SUBDOMAIN_FILE_SAFE = /^[a-z0-9-]{1,63}$/;

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle and kept prepared (drizzle's `.prepare()`, values as
 * `sql.placeholder`), for the few queries every page runs: the session, its user, the community,
 * the unread count. Built anew each time, turning the query into SQL and SQLite compiling it cost
 * more than running it (bench:profile). Keyed by the handle, so a reopened database prepares again.
 */
export function prepared<D extends object, Q>(db: D, name: string, build: (db: D) => Q): Q {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = new Map();
    preparedByDb.set(db, queries);
  }
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/**
 * How many compiled statements each database handle keeps: a page runs about ten, and a compiled
 * statement takes 2-40 KB (the stories join the most), so with 100 communities open this stays
 * well under their SQLite page caches (2 MB each at most).
 */
export const STATEMENT_CACHE_SIZE = 40;

/**
 * Keeps the handle's most recently used statements compiled, by SQL text. drizzle asks
 * better-sqlite3 to prepare every query it runs, and SQLite compiling a statement costs more than
 * running it (bench:profile: half a millisecond of the community home's loaders). A statement
 * handed out again is reset to the plain mode drizzle expects (drizzle switches rows to arrays
 * with `raw()` where it maps them itself); one still being iterated is not shared.
 */
export function cacheStatements(
  sqlite: Database.Database,
  size = STATEMENT_CACHE_SIZE,
): Database.Database {
  const compile = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const kept = statements.get(source);
    if (kept && !kept.busy) {
      statements.delete(source);
      statements.set(source, kept);
      if (kept.reader) kept.raw(false).pluck(false).expand(false);
      return kept;
    }
    const statement = compile(source);
    if (!kept) {
      statements.set(source, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

/**
 * Makes the handle's transactions take the write lock as they begin (BEGIN IMMEDIATE) unless
 * told otherwise. A deferred transaction that reads first and then writes, while another
 * connection (a script, a restore, a test) holds the write lock, gets SQLITE_BUSY at once:
 * SQLite never waits (busy_timeout) for a lock a reader would need to upgrade. Taking it at
 * BEGIN, the wait happens there, and the transaction then runs to its end.
 */
export function immediateTransactions<D extends { transaction: (...args: never[]) => unknown }>(
  db: D,
): D {
  const begin = db.transaction.bind(db) as (fn: unknown, config?: { behavior?: string }) => unknown;
  db.transaction = ((fn: unknown, config?: { behavior?: string }) =>
    begin(fn, { behavior: "immediate", ...config })) as D["transaction"];
  return db;
}

function openSqlite(file: string): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // fold(): accent- and case-insensitive search in the list queries
  registerTextFunctions(sqlite);
  return sqlite;
}

// globalThis keeps handles across module reloads in development and shares them between the
// Remix build and scripts running in the same process.
type Handles = {
  control: { dir: string; db: ControlDb } | null;
  tenants: Map<string, TenantDb>;
  migrated: Set<string>;
};
const g = globalThis as typeof globalThis & { __storyloomDb?: Handles };
const handles: Handles = (g.__storyloomDb ??= {
  control: null,
  tenants: new Map(),
  migrated: new Set(),
});

export function controlDbFile(dataDir = env().DATA_DIR) {
  return path.join(dataDir, "control.sqlite");
}

export function getControlDb(): ControlDb {
  const dir = env().DATA_DIR;
  if (handles.control && handles.control.dir === dir) return handles.control.db;
  if (handles.control) handles.control.db.$client.close();
  const sqlite = openSqlite(controlDbFile(dir));
  const db = immediateTransactions(drizzle(sqlite, { schema: controlSchema }) as ControlDb);
  migrate(db, { migrationsFolder: path.join(MIGRATIONS_DIR, "control") });
  fillControlSortKeys(sqlite);
  // after the migrations: their statements run once and are not worth keeping
  cacheStatements(sqlite);
  handles.control = { dir, db };
  return db;
}

export function tenantDir(dataDir = env().DATA_DIR) {
  return path.join(dataDir, "tenants");
}

export function tenantDbFile(subdomain: string, dataDir = env().DATA_DIR) {
  // the subdomain comes from the registry row, which only holds validated names; check anyway
  if (!SUBDOMAIN_FILE_SAFE.test(subdomain))
    throw new Error(`Unsafe community file name: ${subdomain}`);
  return path.join(tenantDir(dataDir), `${subdomain}.sqlite`);
}

export function tenantMediaDir(subdomain: string, dataDir = env().DATA_DIR) {
  if (!SUBDOMAIN_FILE_SAFE.test(subdomain))
    throw new Error(`Unsafe community folder name: ${subdomain}`);
  return path.join(tenantDir(dataDir), subdomain, "media");
}

/** Opens (and on first open, migrates) the community's database. Takes the registry row, not raw input. */
export function getTenantDb(community: Pick<Community, "subdomain">): TenantDb {
  const file = tenantDbFile(community.subdomain);
  const cached = handles.tenants.get(file);
  if (cached) {
    // refresh recency
    handles.tenants.delete(file);
    handles.tenants.set(file, cached);
    return cached;
  }
  const sqlite = openSqlite(file);
  const db = immediateTransactions(drizzle(sqlite, { schema: tenantSchema }) as TenantDb);
  if (!handles.migrated.has(file)) {
    migrate(db, { migrationsFolder: path.join(MIGRATIONS_DIR, "tenant") });
    fillTenantSortKeys(sqlite);
    handles.migrated.add(file);
  }
  // after the migrations: their statements run once and are not worth keeping
  cacheStatements(sqlite);
  handles.tenants.set(file, db);
  const limit = env().TENANT_DB_CACHE;
  while (handles.tenants.size > limit) {
    const [oldestFile, oldest] = handles.tenants.entries().next().value as [string, TenantDb];
    handles.tenants.delete(oldestFile);
    oldest.$client.close();
  }
  return db;
}

export function openTenantCount() {
  return handles.tenants.size;
}

/** Closes every handle: used on shutdown, by tests switching DATA_DIR, and by restore. */
export function closeAllDatabases() {
  for (const db of handles.tenants.values()) db.$client.close();
  handles.tenants.clear();
  handles.migrated.clear();
  if (handles.control) handles.control.db.$client.close();
  handles.control = null;
}

export { controlSchema, tenantSchema };
