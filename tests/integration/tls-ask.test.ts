// GET /api/tls-ask?domain=NAME, the HTTPS front's question before a certificate is issued on
// demand: yes (200) for the marketing host and the hosts of existing, active communities; no (404)
// for everything else, the same for a paused community as for a name nobody registered; 400 for a
// question not asked as one domain=.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity, setCommunityActive } from "~/models/community.server";
import { loader } from "~/routes/api+/tls-ask";

let dir: string;

beforeAll(() => {
  dir = useTempDataDir({ APP_DOMAIN: "storyloom.example" });
  createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: "America/New_York" });
  const paused = createCommunity({
    name: "Oak Hill",
    subdomain: "oakhill",
    timeZone: "America/New_York",
  });
  setCommunityActive(paused.id, false);
});
afterAll(() => cleanupDataDir(dir));

async function ask(query: string, host = "127.0.0.1:8080") {
  const res = await loader({
    request: new Request(`http://${host}/api/tls-ask${query}`),
    params: {},
    context: {},
  });
  return { status: res.status, body: await res.text(), cache: res.headers.get("cache-control") };
}

describe("GET /api/tls-ask", () => {
  it("approves the marketing host and an active community, on any host it is asked on", async () => {
    for (const domain of ["storyloom.example", "www.storyloom.example", "maple.storyloom.example"])
      expect(await ask(`?domain=${domain}`), domain).toEqual({
        status: 200,
        body: "yes",
        cache: "no-store",
      });
    expect((await ask("?domain=MAPLE.Storyloom.Example")).status).toBe(200);
    expect((await ask("?domain=maple.storyloom.example", "maple.storyloom.example")).status).toBe(
      200,
    );
  });

  it("refuses a paused community exactly as an unknown one: yes or no, nothing more", async () => {
    const paused = await ask("?domain=oakhill.storyloom.example");
    const unknown = await ask("?domain=nobody.storyloom.example");
    expect(paused).toEqual({ status: 404, body: "no", cache: "no-store" });
    expect(unknown).toEqual(paused);
  });

  it("refuses every name that is not exactly a site's host", async () => {
    for (const domain of [
      "",
      "storyloom.example.",
      "maple.storyloom.example.",
      "maple.storyloom.example:443",
      "a.maple.storyloom.example",
      "*.storyloom.example",
      "evilstoryloom.example",
      "maple.storyloom.example.evil.test",
      "api.storyloom.example",
      "ab.storyloom.example",
      "127.0.0.1",
      "localhost",
      "maple%00.storyloom.example",
      "maple.storyloom.example/x",
      "m_aple.storyloom.example",
      `${"a".repeat(300)}.storyloom.example`,
    ])
      expect((await ask(`?domain=${encodeURIComponent(domain)}`)).status, domain).toBe(404);
  });

  it("answers 400 to a question that is not one domain=", async () => {
    expect((await ask("")).status).toBe(400);
    expect((await ask("?name=maple.storyloom.example")).status).toBe(400);
    expect((await ask("?domain=maple.storyloom.example&domain=storyloom.example")).status).toBe(
      400,
    );
    expect((await ask("?domain=maple.storyloom.example&x=1")).status).toBe(400);
  });
});
