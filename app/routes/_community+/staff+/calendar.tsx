import type { LoaderFunctionArgs } from "@remix-run/node";
import { CalendarScreen } from "~/components/admin/Calendar";
import { calendarLoader } from "~/components/admin/calendar.server";

export const loader = (args: LoaderFunctionArgs) => calendarLoader(args, "staff");

export default function Route() {
  return <CalendarScreen area="staff" />;
}
