import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DeleteNewsDialog } from "~/components/admin/News";
import { deleteNewsAction, deleteNewsLoader } from "~/components/admin/news.server";

export const loader = (args: LoaderFunctionArgs) => deleteNewsLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => deleteNewsAction(args, "staff");

export default function Route() {
  return <DeleteNewsDialog area="staff" />;
}
