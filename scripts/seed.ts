// `npm run seed`: loads the demo communities into DATA_DIR. Safe to run again.
import { seedDemoData, DEMO_PASSWORD } from "../db/seed/seed";
import { SEED_COMMUNITIES } from "../db/seed/data";
import { closeAllDatabases } from "~/utils/db.server";
import { envOrExit } from "~/utils/env.server";

const config = envOrExit();
if (config.isProduction && !config.SEED_IN_PRODUCTION) {
  console.error(
    "Refusing to load demo data with NODE_ENV=production (set SEED_IN_PRODUCTION=1 to insist).",
  );
  process.exit(1);
}
const started = Date.now();
const report = await seedDemoData(SEED_COMMUNITIES);
console.log(
  `Seeded ${report.created.length ? report.created.join(", ") : "nothing new"}` +
    (report.skipped.length ? ` (already there: ${report.skipped.join(", ")})` : "") +
    ` in ${Date.now() - started} ms. Demo password for every account: ${DEMO_PASSWORD}`,
);
closeAllDatabases();
