import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewFamilyDialog } from "~/components/admin/Families";
import { newFamilyAction, newFamilyLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => newFamilyLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => newFamilyAction(args, "staff");

export default function Route() {
  return <NewFamilyDialog area="staff" />;
}
