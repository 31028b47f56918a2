// Plain HTTP calls for e2e tests, sent to 127.0.0.1 with the community's Host header (Node does not
// resolve *.localhost the way Chromium and curl do).
import http from "node:http";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const hostFor = (sub: string | null) => `${sub ? `${sub}.` : ""}storyloom.localhost:${PORT}`;

export type HttpResult = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: <T = any>() => T;
};

export function httpRequest(opts: {
  sub?: string | null;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  cookie?: string;
}): Promise<HttpResult> {
  const headers: Record<string, string> = {
    Host: hostFor(opts.sub === undefined ? "sunnybrook" : opts.sub),
    ...opts.headers,
  };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
  return new Promise((resolve, reject) => {
    // a fresh connection each time: a server may close one whose request body it did not read
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: opts.path,
        method: opts.method ?? "GET",
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString("utf8"),
            json: () => JSON.parse(body.toString("utf8")),
          });
        });
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const jsonBody = (value: unknown) => ({
  body: JSON.stringify(value),
  headers: { "Content-Type": "application/json" },
});

/** Signs in over HTTP and returns the Cookie header value for later calls. */
export async function sessionCookie(
  username: string,
  sub: string | null = "sunnybrook",
  password = "storyloom-demo",
): Promise<string> {
  const res = await httpRequest({
    sub,
    path: "/login",
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${hostFor(sub)}`,
    },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (res.status !== 302)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${res.text().slice(0, 200)}`);
  return (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
