import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { wholeDocument } from "~/utils/html-stream.server";
import { DEFAULT_LANGUAGE, metaNamespacesOf, UsedNamespaces } from "~/utils/i18n";
import { payloadFor } from "~/utils/i18n.server";
import { withUsedRulesOnly } from "~/utils/inline-stylesheet.server";

const ABORT_DELAY = 5_000;

/**
 * Every document goes out whole, once React has rendered all of it (ADR 020): the loaders have
 * finished before React starts, so there is nothing slow to stream past, and one piece costs the
 * server less than many. Browsers, bots and kiosks without JavaScript get the same bytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // the catalog namespaces this page's render used: the browser is sent those and no others
  const namespaces = new Set<string>(["common"]);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <UsedNamespaces.Provider value={namespaces}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </UsedNamespaces.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          wholeDocument(pipe).then((document) => {
            clearTimeout(timeout);
            const html = withUsedRules(withCatalogs(document, remixContext, namespaces, nonce));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, ABORT_DELAY);
  });
}

const REMIX_CONTEXT = new TextEncoder().encode("window.__remixContext");
const SCRIPT_START = new TextEncoder().encode("<script");

/**
 * A page that runs the app gets the catalogs its render used, so it hydrates with the same text.
 * They go in just before the script that holds the router's context: the app's module script that
 * follows it is `async` and may run as soon as it has loaded, before the parser reaches the end of a
 * long page, so anything placed after it (at the end of the body) could still be missing when the
 * page hydrates. A page without the app's scripts (a reading page) gets none.
 */
function withCatalogs(
  html: Uint8Array,
  remixContext: EntryContext,
  namespaces: Set<string>,
  nonce: string,
): Uint8Array<ArrayBuffer> {
  const buffer = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const context = buffer.indexOf(REMIX_CONTEXT);
  if (context === -1) return html as Uint8Array<ArrayBuffer>;
  const at = buffer.lastIndexOf(SCRIPT_START, context);
  if (at === -1) return html as Uint8Array<ArrayBuffer>;
  const root = remixContext.staticHandlerContext.loaderData.root as { lang?: string } | undefined;
  for (const ns of metaNamespacesOf(root)) namespaces.add(ns);
  const payload = payloadFor(root?.lang ?? DEFAULT_LANGUAGE, namespaces);
  // JSON in a script: "<" escaped so no text in it can close the element
  const json = JSON.stringify(payload).replace(/</g, "\\u003c");
  const script = Buffer.from(`<script nonce="${nonce}">window.__i18n=${json}</script>`);
  return new Uint8Array(Buffer.concat([buffer.subarray(0, at), script, buffer.subarray(at)]));
}

/** A reading page's inline stylesheet holds only the rules the page uses (ADR 038). */
function withUsedRules(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const cut = withUsedRulesOnly(Buffer.from(html.buffer, html.byteOffset, html.byteLength));
  return new Uint8Array(cut.buffer, cut.byteOffset, cut.byteLength) as Uint8Array<ArrayBuffer>;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
