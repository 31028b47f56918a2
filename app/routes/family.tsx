import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/layout/ComingSoon";
import { requireTenantUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Family · Storyloom" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantUser(request, { roles: ["family"] });
  return null;
}

export default function Page() {
  return <ComingSoon title="Family" />;
}
