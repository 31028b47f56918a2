import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EditNewsDialog } from "~/components/admin/News";
import { editNewsAction, editNewsLoader } from "~/components/admin/news.server";

export const loader = (args: LoaderFunctionArgs) => editNewsLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => editNewsAction(args, "staff");

export default function Route() {
  return <EditNewsDialog area="staff" />;
}
