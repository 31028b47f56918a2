import type { LoaderFunctionArgs } from "@remix-run/node";
import { ResidentsScreen } from "~/components/admin/Residents";
import { residentsLoader } from "~/components/admin/residents.server";

// /staff opens on the residents tab
export const loader = (args: LoaderFunctionArgs) => residentsLoader(args, "staff");

export default function StaffHome() {
  return <ResidentsScreen area="staff" />;
}
