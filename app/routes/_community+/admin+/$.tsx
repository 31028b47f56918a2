import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";

// Unknown admin sub-pages: same guard as /admin, then not found.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "admin");
  throw new Response("404 Page Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
