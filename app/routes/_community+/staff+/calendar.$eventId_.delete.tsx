import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DeleteEventDialog } from "~/components/admin/Calendar";
import { deleteEventAction, deleteEventLoader } from "~/components/admin/calendar.server";

export const loader = (args: LoaderFunctionArgs) => deleteEventLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => deleteEventAction(args, "staff");

export default function Route() {
  return <DeleteEventDialog area="staff" />;
}
