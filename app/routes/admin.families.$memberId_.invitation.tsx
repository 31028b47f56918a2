import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InvitationDialog } from "~/components/admin/Families";
import { invitationAction, invitationLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => invitationLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => invitationAction(args, "admin");

export default function Route() {
  return <InvitationDialog area="admin" />;
}
