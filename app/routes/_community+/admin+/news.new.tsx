import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewNewsDialog } from "~/components/admin/News";
import { newNewsAction, newNewsLoader } from "~/components/admin/news.server";

export const loader = (args: LoaderFunctionArgs) => newNewsLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => newNewsAction(args, "admin");

export default function Route() {
  return <NewNewsDialog area="admin" />;
}
