import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewEventDialog } from "~/components/admin/Calendar";
import { newEventAction, newEventLoader } from "~/components/admin/calendar.server";

export const loader = (args: LoaderFunctionArgs) => newEventLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => newEventAction(args, "admin");

export default function Route() {
  return <NewEventDialog area="admin" />;
}
