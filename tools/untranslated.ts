// `npx tsx tools/untranslated.ts [--port 3000] [--user margaret.ellis] [--sub sunnybrook] PATH...`
// Signs in (when --user is given), switches to the pseudo-locale en-XA (the server must run with
// PSEUDO_LOCALE=1) and prints, per page, the text that did not come from a catalog (server HTML,
// so what only the browser draws is not seen: tests/e2e/pseudo-locale.spec.ts sees that).
import http from "node:http";
import { parseArgs } from "node:util";
import { stringsOfHtml, untranslatedRuns, userContentCorpus } from "../tests/helpers/untranslated";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    user: { type: "string" },
    sub: { type: "string", default: "sunnybrook" },
    password: { type: "string", default: "storyloom-demo" },
    data: { type: "string", default: process.env.DATA_DIR ?? "data" },
  },
});
const host = `${values.sub ? `${values.sub}.` : ""}storyloom.localhost`;
let cookie = "";

type Answer = { status: number; body: string };

/** One request to the community's host on this port (Node's fetch will not send another Host). */
function request(method: string, pathname: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: Number(values.port),
        method,
        path: pathname,
        headers: {
          Host: `${host}:${values.port}`,
          Origin: `http://${host}:${values.port}`,
          Cookie: cookie,
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
      },
      (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const pair = c.split(";")[0]!;
          const name = pair.split("=")[0]!;
          cookie = [...cookie.split("; ").filter((p) => p && !p.startsWith(`${name}=`)), pair].join(
            "; ",
          );
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const post = (pathname: string, form: Record<string, string>) =>
  request("POST", pathname, new URLSearchParams(form).toString());

if (values.user) await post("/login", { username: values.user, password: values.password });
const chosen = await post("/preferences/language", { language: "en-XA", returnTo: "/" });
if (chosen.status !== 302)
  console.error(`choosing en-XA answered ${chosen.status}: is PSEUDO_LOCALE=1 set?`);
const corpus = userContentCorpus(values.data!, values.sub);
let total = 0;
for (const p of positionals.length ? positionals : ["/"]) {
  const res = await request("GET", p);
  const runs = untranslatedRuns(stringsOfHtml(res.body), corpus);
  total += runs.length;
  console.log(`${p} (${res.status}): ${runs.length ? "" : "all from catalogs"}`);
  for (const r of runs) console.log(`  ${JSON.stringify(r)}`);
}
process.exitCode = total ? 1 : 0;
