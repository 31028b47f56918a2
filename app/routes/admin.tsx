import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ComingSoon } from "~/components/layout/ComingSoon";
import { requireTenantUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Admin · Storyloom" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantUser(request, { roles: ["administrator", "super_admin"] });
  return null;
}

export default function Page() {
  return (
    <ComingSoon title="Admin">
      <Outlet />
    </ComingSoon>
  );
}
