// Restores DATA_DIR from Litestream replicas: the control database first, then the database of
// every community it lists. Media files are not SQLite: sync DATA_DIR/tenants/*/media separately
// (see docs/operations.md, "Backups and replication").
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { envOrExit } from "~/utils/env.server";

const config = envOrExit();
const dataDir = config.DATA_DIR;
const replica = config.LITESTREAM_REPLICA_URL;
if (!replica) {
  console.error("LITESTREAM_REPLICA_URL is not set");
  process.exit(1);
}
const litestream = config.LITESTREAM_BIN;

function restore(target: string, url: string) {
  execFileSync(litestream, ["restore", "-if-replica-exists", "-o", target, url], {
    stdio: "inherit",
  });
}

restore(path.join(dataDir, "control.sqlite"), `${replica}/control`);
const control = new Database(path.join(dataDir, "control.sqlite"), {
  readonly: true,
  fileMustExist: true,
});
const subdomains = (
  control.prepare("select subdomain from communities").all() as { subdomain: string }[]
).map((r) => r.subdomain);
control.close();
for (const sub of subdomains) {
  if (!/^[a-z0-9-]{1,63}$/.test(sub)) throw new Error(`Unexpected subdomain in registry: ${sub}`);
  restore(path.join(dataDir, "tenants", `${sub}.sqlite`), `${replica}/tenants/${sub}.sqlite`);
}
console.log(
  `Restored the control database and ${subdomains.length} community databases into ${dataDir}`,
);
