import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AREAS } from "~/components/admin/areas";
import { InvitationDialog } from "~/components/admin/Invitation";
import { invitationAction, invitationLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => invitationLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => invitationAction(args, "admin");

export default function Route() {
  return <InvitationDialog title="Invitation for" closeTo={AREAS.admin.families} makeLabel="Make a new invitation link" />;
}
