// `npm run digest -- --community X [--dry-run] [--now 2026-11-29T17:00:00Z]`: the weekly digest of
// one community, now. Each person who wants email and has something new since the last digest gets
// one message; --dry-run prints who would get what and sends nothing. Without --dry-run the
// messages are queued and sent from here (SMTP_URL, or .eml files in DATA_DIR/outbox/), and the
// next scheduled digest reports from this moment on. --now pretends it is another time.
import { parseArgs } from "node:util";
import { getCommunityBySubdomain } from "~/models/community.server";
import { describePlan, planDigest, queueDigest, windowUntil } from "~/models/digest.server";
import { drainOutbox } from "~/models/email-outbox.server";
import { closeAllDatabases, getTenantDb } from "~/utils/db.server";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    community: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    now: { type: "string" },
  },
});
if (!values.community)
  fail("Usage: npm run digest -- --community <subdomain> [--dry-run] [--now <ISO time>]");
const community = getCommunityBySubdomain(values.community);
if (!community) fail(`No community has the subdomain "${values.community}".`);
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime()))
  fail(`--now must be a date and time such as 2026-11-29T17:00:00Z (got "${values.now}").`);

const db = getTenantDb(community);
const plan = planDigest(db, community, windowUntil(db, now), now);
for (const line of describePlan(community, plan)) console.log(line);
if (values["dry-run"]) {
  console.log("Dry run: nothing was sent.");
} else {
  const queued = queueDigest(db, community, plan);
  const sent = await drainOutbox(db, community);
  console.log(
    `Queued ${queued}; sent ${sent.sent}${sent.retrying ? `, ${sent.retrying} to retry (the server's worker will)` : ""}${sent.failed ? `, ${sent.failed} refused` : ""}.`,
  );
}
closeAllDatabases();
