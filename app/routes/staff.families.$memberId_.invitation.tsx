import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InvitationDialog } from "~/components/admin/Families";
import { invitationAction, invitationLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => invitationLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => invitationAction(args, "staff");

export default function Route() {
  return <InvitationDialog area="staff" />;
}
