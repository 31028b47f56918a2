import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewResidentDialog } from "~/components/admin/Residents";
import { newResidentAction, newResidentLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => newResidentLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => newResidentAction(args, "staff");

export default function Route() {
  return <NewResidentDialog area="staff" />;
}
