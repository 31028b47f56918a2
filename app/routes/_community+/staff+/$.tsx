import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";

// Unknown staff sub-pages: same guard as /staff, then not found.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "staff");
  throw new Response("404 Page Not Found", { status: 404 });
}

export default function StaffNotFound() {
  return null;
}
