// Vitest for mutation testing (stryker.config.json, `npm run test:mutation`): only the tests that
// exercise the mutated modules (permissions.server.ts, story-audience.ts, session.server.ts). Each
// mutant runs the tests that reached it in the first run, but a mutant of a module-level constant
// (a session lifetime, an audience) runs all of these, so the list is kept short.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "tests/unit/story-audience.test.ts",
      "tests/integration/sessions.test.ts",
      "tests/integration/permissions.test.ts",
      "tests/integration/auth.test.ts",
      "tests/integration/story-audience.test.ts",
      "tests/integration/kiosk.test.ts",
      "tests/integration/staff-and-login-as.test.ts",
    ],
  },
});
