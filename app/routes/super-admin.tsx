import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/layout/ComingSoon";
import { requireUser } from "~/utils/auth.server";
import { requireKnownHost } from "~/utils/host.server";

export const meta: MetaFunction = () => [{ title: "Super admin · Storyloom" }];

// On any host, super admins only.
export async function loader({ request }: LoaderFunctionArgs) {
  requireKnownHost(request);
  await requireUser(request, { roles: ["super_admin"] });
  return null;
}

export default function SuperAdmin() {
  return (
    <ComingSoon title="Super admin">
      <p className="mt-2 inline-block rounded-full bg-red-100 px-3 py-1 font-semibold text-red-900">System Administrator</p>
    </ComingSoon>
  );
}
