// `npm run test:mutation`: StrykerJS with stryker.config.json, the same run as `npx stryker run`.
// Stryker 10's command line refuses Node.js below 22 before it starts, but the project runs on
// Node.js 20 as well, where Stryker's own API (instrumenter, sandbox, vitest runner) works: on 20
// this calls that API; on 22 or later it hands over to the command line, arguments and all.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve("@stryker-mutator/core/package.json"));
const major = Number(process.versions.node.split(".")[0]);

if (major >= 22) {
  const cli = path.join(core, "bin", "stryker.js");
  const run = spawnSync(process.execPath, [cli, "run", ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} else {
  if (process.argv.length > 2) {
    console.error("On Node.js 20 the options come from stryker.config.json only.");
    process.exit(2);
  }
  const { Stryker } = await import(pathToFileURL(path.join(core, "dist/src/stryker.js")).href);
  try {
    await new Stryker({}).runMutationTest();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
