import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTenantUser } from "~/utils/auth.server";

/** GET /api/tenant: the community of this host (name, subdomain, address, city, phone, email). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { community: c } = await requireTenantUser(request);
  return Response.json({
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    address: c.address,
    city: c.city,
    phone: c.phone,
    email: c.email,
    isActive: c.isActive,
  });
}
