import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewResidentDialog } from "~/components/admin/Residents";
import { newResidentAction, newResidentLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => newResidentLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => newResidentAction(args, "admin");

export default function Route() {
  return <NewResidentDialog area="admin" />;
}
