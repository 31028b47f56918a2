// Migrates the control database and every community's database: `npm run db:migrate`.
import { closeAllDatabases, getControlDb } from "~/utils/db.server";
import { migrateAllCommunities } from "~/models/community.server";
import { env } from "~/utils/env.server";

const started = Date.now();
getControlDb();
const count = migrateAllCommunities();
console.log(
  `Migrated the control database and ${count} communities in ${Date.now() - started} ms (DATA_DIR ${env().DATA_DIR})`,
);
closeAllDatabases();
