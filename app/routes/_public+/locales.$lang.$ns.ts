// One namespace of a language's catalog, compiled, for a page the browser shows after the first
// (the first page brings its own, entry.server.tsx). Requested as /locales/{lang}/{ns}.json?v=...:
// under the current catalogs' version it is kept a year, under any other for a minute.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogVersion, compiledCatalog } from "~/utils/i18n.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const ns = (params.ns ?? "").replace(/\.json$/, "");
  const catalog = compiledCatalog(params.lang ?? "", ns);
  if (!catalog)
    return new Response("No such catalog", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const current = new URL(request.url).searchParams.get("v") === catalogVersion();
  return new Response(JSON.stringify(catalog), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
    },
  });
}
