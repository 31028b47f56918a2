import type { LoaderFunctionArgs } from "@remix-run/node";
import { ResidentsScreen } from "~/components/admin/Residents";
import { residentsLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => residentsLoader(args, "staff");

export default function Route() {
  return <ResidentsScreen area="staff" />;
}
