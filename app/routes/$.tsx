import type { LoaderFunctionArgs } from "@remix-run/node";
import { resolveHost, missingCommunityResponse, NOT_FOUND_TEXT } from "~/utils/host.server";

// Every path no route claims: the friendly 404 page (rendered by the root error boundary).
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = resolveHost(request);
  if (ctx.kind === "missing") throw missingCommunityResponse(ctx, request);
  throw new Response(NOT_FOUND_TEXT, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
