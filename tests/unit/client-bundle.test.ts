// The browser's JavaScript stays small (ADR 010): forms are checked on the server, so no schema
// library reaches the browser, and the modal's code (Headless UI) is fetched only when a dialog opens.
// Reads the client build's metafile: `npm test` builds before it runs the tests.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const buildDir = path.resolve(process.env.REMIX_BUILD_DIR || "build");
const metafilePath = path.join(buildDir, "metafile.js.json");

type Metafile = {
  outputs: Record<
    string,
    {
      inputs: Record<string, unknown>;
      imports: { path: string; kind: string }[];
      entryPoint?: string;
    }
  >;
};

function readMetafile(): Metafile {
  if (!fs.existsSync(metafilePath))
    throw new Error(`${metafilePath} is missing: run \`npx remix build\` first`);
  return JSON.parse(fs.readFileSync(metafilePath, "utf8")) as Metafile;
}

/** Every output file a chunk loads up front (static imports), itself included. */
function staticClosure(meta: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file) || !meta.outputs[file]) continue;
    seen.add(file);
    for (const i of meta.outputs[file].imports)
      if (i.kind === "import-statement") todo.push(i.path.replace(/^\//, ""));
  }
  return seen;
}

const packagesOf = (meta: Metafile, files: Iterable<string>) => {
  const found = new Set<string>();
  for (const f of files)
    for (const input of Object.keys(meta.outputs[f]?.inputs ?? {})) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      if (m?.[1]) found.add(m[1]);
    }
  return found;
};

describe("the browser's JavaScript", () => {
  it("has no zod in any chunk, and Headless UI only behind the modal's dynamic import", () => {
    const meta = readMetafile();
    const routeEntries = Object.entries(meta.outputs).filter(
      ([, o]) => o.entryPoint && /^browser-route-module:/.test(o.entryPoint),
    );
    expect(routeEntries.length).toBeGreaterThan(20);
    for (const [file] of routeEntries) {
      const pkgs = packagesOf(meta, staticClosure(meta, file));
      expect(
        [...pkgs].filter((p) => p === "zod" || p.startsWith("@conform-to/zod")),
        file,
      ).toEqual([]);
      expect(pkgs.has("@headlessui/react"), `${file} loads Headless UI up front`).toBe(false);
    }
    const modal = Object.entries(meta.outputs).find(([, o]) =>
      o.entryPoint?.endsWith("app/components/dialog/Modal.tsx"),
    );
    expect(modal, "the modal is a chunk of its own").toBeDefined();
    expect(packagesOf(meta, staticClosure(meta, modal![0])).has("@headlessui/react")).toBe(true);
  });

  it("keeps the landing page, its contact form (conform) and date-fns' format out of the community home's scripts (ADR 018)", () => {
    const meta = readMetafile();
    const home = Object.entries(meta.outputs).find(([, o]) =>
      o.entryPoint?.endsWith("routes/_index.tsx?browser"),
    );
    expect(home, "the / route is a chunk").toBeDefined();
    const upFront = staticClosure(meta, home![0]);
    const inputs = new Set(
      [...upFront]
        .flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
        .filter((i) => !i.startsWith("empty-module:")),
    );
    expect(
      [...inputs].filter((i) => i.includes("components/marketing/")),
      "marketing code loaded up front by /",
    ).toEqual([]);
    expect(
      [...packagesOf(meta, upFront)].filter((p) => p.startsWith("@conform-to")),
      "conform loaded up front by /",
    ).toEqual([]);
    expect(
      [...inputs].filter((i) => /date-fns\/(format\.js|_lib\/format\/)/.test(i)),
      "date-fns' format loaded up front by /",
    ).toEqual([]);
    // the landing page is still there, as a chunk that / imports when the marketing host asks for it
    const landing = Object.entries(meta.outputs).find(([, o]) =>
      Object.keys(o.inputs).some((i) => i.endsWith("components/marketing/LandingPage.tsx")),
    );
    expect(landing, "the landing page is a chunk of its own").toBeDefined();
    expect(
      home![1].imports.some(
        (i) => i.kind === "dynamic-import" && i.path.replace(/^\//, "") === landing![0],
      ),
    ).toBe(true);
  });
});
