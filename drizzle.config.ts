import { defineConfig } from "drizzle-kit";

// Two schemas, two migration folders: the control database and the per-community database.
// `npm run db:generate` runs drizzle-kit once for each (DRIZZLE_TARGET=tenant for the second).
const target = process.env.DRIZZLE_TARGET === "tenant" ? "tenant" : "control";

export default defineConfig({
  dialect: "sqlite",
  schema: `./db/schema/${target}.ts`,
  out: `./db/migrations/${target}`,
});
