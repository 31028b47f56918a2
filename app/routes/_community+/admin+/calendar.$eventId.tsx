import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EditEventDialog } from "~/components/admin/Calendar";
import { editEventAction, editEventLoader } from "~/components/admin/calendar.server";

export const loader = (args: LoaderFunctionArgs) => editEventLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => editEventAction(args, "admin");

export default function Route() {
  return <EditEventDialog area="admin" />;
}
