import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DeleteFamilyDialog } from "~/components/admin/Families";
import { deleteFamilyAction, deleteFamilyLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => deleteFamilyLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => deleteFamilyAction(args, "admin");

export default function Route() {
  return <DeleteFamilyDialog area="admin" />;
}
