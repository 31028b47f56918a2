import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EditResidentDialog } from "~/components/admin/Residents";
import { editResidentAction, editResidentLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => editResidentLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => editResidentAction(args, "staff");

export default function Route() {
  return <EditResidentDialog area="staff" />;
}
