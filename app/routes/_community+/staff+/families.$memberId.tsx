import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EditFamilyDialog } from "~/components/admin/Families";
import { editFamilyAction, editFamilyLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => editFamilyLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => editFamilyAction(args, "staff");

export default function Route() {
  return <EditFamilyDialog area="staff" />;
}
