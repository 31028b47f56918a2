// GET: every user with their community's name and subdomain. Super admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsersWithCommunity } from "~/models/user.server";
import { requireSuperAdmin } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return Response.json(
    listUsersWithCommunity().map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      displayName: u.displayName,
      role: u.role,
      tenantId: u.tenantId,
      tenant: u.tenant,
      isActive: u.isActive,
      mustChangePassword: u.mustChangePassword,
      createdAt: u.createdAt,
      lastLoginAt: u.lastLoginAt,
    })),
  );
}
