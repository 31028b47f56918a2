import type { LoaderFunctionArgs } from "@remix-run/node";
import { ResidentsScreen } from "~/components/admin/Residents";
import { residentsLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => residentsLoader(args, "admin");

export default function Route() {
  return <ResidentsScreen area="admin" />;
}
