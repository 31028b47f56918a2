// Lint for Storyloom: the recommended rules of ESLint, typescript-eslint (syntax only, no type
// information, so it stays fast), React, React Hooks and jsx-a11y, plus the app's architecture
// written as import rules (utils below models below routes; the schema reached only through
// ~/utils/db.server; nothing server-only in browser components). `npm run lint`; `npm test` runs
// it before the type checker, the build and the tests. Every rule is an error: no warnings.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import { defineConfig } from "eslint/config";

const SOURCES = [
  "app/**/*.{ts,tsx,js,jsx}",
  "db/**/*.{ts,js}",
  "scripts/**/*.{ts,js}",
  "server/**/*.{ts,js}",
  "tools/**/*.{ts,js}",
  "tests/**/*.{ts,tsx,js}",
  "*.{ts,js}",
];

// ---- architecture: import rules. typescript-eslint's no-restricted-imports (ESLint's rule plus
// `allowTypeImports`, needed for the components rule). A later config object's options replace an
// earlier one's, so each folder's list repeats the app-wide patterns it still needs.

/** Under app/: the schema only through ~/utils/db.server. */
const NO_DB_FROM_APP = {
  regex: "^(\\.\\./)+db(/|$)",
  message:
    "App code does not climb out of app/ into db/: use the schema through `~/utils/db.server` (roles: `~/utils/roles`). Only app/utils/db.server.ts imports db/schema.",
};
/** Under app/: the `~/` alias instead of `../../`. */
const NO_DEEP_RELATIVE = {
  regex: "^(\\.\\./){2,}(?!\\.\\./|db(/|$))",
  message:
    "Use the `~/` alias (`~/utils/...`, `~/models/...`) instead of a relative import that goes up two or more folders; `./x` and `../x` are fine.",
};
const APP_WIDE = [NO_DB_FROM_APP, NO_DEEP_RELATIVE];

/** app/utils is the bottom layer: models build on it, never the other way round. */
const UTILS_NO_MODELS = {
  regex: "^(~/models(/|$)|(\\.\\./)+models(/|$))",
  message:
    "app/utils must not import app/models (utils is the layer below models). Move the shared piece into app/utils and let the model import it.",
};
/** app/models is data and rules: no React, no routes. */
const MODELS_NO_REMIX_REACT = {
  group: ["@remix-run/react", "@remix-run/react/*"],
  message:
    "app/models must not import @remix-run/react: models hold data and rules, not UI. Take what is needed as an argument from the route.",
};
const MODELS_NO_ROUTES = {
  regex: "^(~/routes(/|$)|(\\.\\./)+routes(/|$))",
  message:
    "app/models must not import from app/routes: routes use models, not the other way round.",
};
/** app/components ship to the browser. */
const COMPONENTS_NO_SERVER = {
  regex: "\\.server(\\.[cm]?[jt]sx?)?$|\\.server/",
  allowTypeImports: true,
  message:
    "Components under app/components ship to the browser: no `*.server` modules, except `import type` (erased at build). Pass the data in as props from the route's loader.",
};

const restrict = (...patterns) => ["error", { patterns }];

export default defineConfig(
  {
    ignores: [
      // build output (build/, REMIX_BUILD_DIR's build-*/), test output and downloaded binaries/models
      "build*/**",
      "public/build/**",
      "test-data/**",
      "test-output/**",
      "test-results/**",
      "playwright-report/**",
      "blob-report/**",
      "screenshots/**",
      "bin/**",
      "models/**",
      "data/**",
      "backups/**",
      ".cache/**",
    ],
  },

  { files: SOURCES, ...js.configs.recommended },
  ...tseslint.configs.recommended.map((c) => ({ files: SOURCES, ...c })),
  {
    files: SOURCES,
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    // a disable comment that no longer silences anything fails the lint too
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { passwordHash: _hash, ...rest } = user` leaves a field out on purpose; `_x` marks
      // a name that is there only for its position
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          ignoreRestSiblings: true,
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    // tests read the JSON of the API under test and assert on its shape themselves: `any` there is
    // the point, not a hole in the types
    files: ["tests/**/*.{ts,tsx,js}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // ---- React (app/ only: the browser bundle and its server render)
  {
    files: ["app/**/*.{ts,tsx,js,jsx}"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
  },
  { files: ["app/**/*.{ts,tsx,js,jsx}"], ...react.configs.flat["jsx-runtime"] },
  { files: ["app/**/*.{ts,tsx,js,jsx}"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.{ts,tsx,js,jsx}"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.{ts,tsx,js,jsx}"],
    rules: {
      // TypeScript checks props; propTypes would only repeat the types
      "react/prop-types": "off",
      // a `'` in English copy ("We'll") is not a bug; a stray `>` or `}` in JSX text is
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],

      // React Hooks (v7 recommended). On, as errors (lint allows no warnings): rules-of-hooks,
      // exhaustive-deps, and the compiler-derived rules that catch real bugs without the compiler:
      // static-components (a component made during render loses its state every render),
      // immutability (mutating props/state), globals (writing module state during render), refs
      // (reading/writing ref.current during render), purity (Date.now()/Math.random() in render:
      // hydration mismatches), set-state-in-render (render loops), use-memo (useMemo misuse),
      // error-boundaries (try/catch around JSX catches nothing of its children).
      "react-hooks/exhaustive-deps": "error",
      // Off:
      // - set-state-in-effect: flags setState in an effect, i.e. one extra render. Every hit here is
      //   deliberate (the hydration marker, a dialog closed on navigation, state reset when its
      //   props change, a toast shown): a performance hint, not a bug, in an app without the compiler.
      "react-hooks/set-state-in-effect": "off",
      // - only about what the React Compiler can optimise; this app does not run it (React 18,
      //   Remix classic compiler): preserve-manual-memoization, incompatible-library,
      //   unsupported-syntax, and the compiler's own config/gating checks.
      "react-hooks/preserve-manual-memoization": "off",
      "react-hooks/incompatible-library": "off",
      "react-hooks/unsupported-syntax": "off",
      "react-hooks/config": "off",
      "react-hooks/gating": "off",

      // jsx-a11y: recommended, with one rule off. (media-has-caption stays on: the four story
      // recordings, each shown with its transcript, are marked where they stand.) img-redundant-alt matches the words image/photo/picture anywhere in alt, so it
      // flags "Illustration: … look through a photo album" and "Picture for “<story title>”" (the
      // alt of a user's upload, whose content nobody described); those texts are chosen, user
      // facing and asserted by the e2e tests.
      "jsx-a11y/img-redundant-alt": "off",
    },
  },

  // ---- architecture
  {
    files: ["app/**/*.{ts,tsx,js,jsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(...APP_WIDE) },
  },
  {
    files: ["app/utils/**/*.{ts,tsx,js,jsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(...APP_WIDE, UTILS_NO_MODELS) },
  },
  {
    // the one file that joins the app to the schema: `../../db/schema/<file>` is allowed here, nothing else
    files: ["app/utils/db.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(
        { ...NO_DB_FROM_APP, regex: "^(?!\\.\\./\\.\\./db/schema/[^/]+$)(\\.\\./)+db(/|$)" },
        NO_DEEP_RELATIVE,
        UTILS_NO_MODELS,
      ),
    },
  },
  {
    files: ["app/models/**/*.{ts,tsx,js,jsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(
        ...APP_WIDE,
        MODELS_NO_REMIX_REACT,
        MODELS_NO_ROUTES,
      ),
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx,js,jsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(...APP_WIDE, COMPONENTS_NO_SERVER),
    },
  },
);
