import type { LoaderFunctionArgs } from "@remix-run/node";
import { FamiliesScreen } from "~/components/admin/Families";
import { familiesLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => familiesLoader(args, "admin");

export default function Route() {
  return <FamiliesScreen area="admin" />;
}
