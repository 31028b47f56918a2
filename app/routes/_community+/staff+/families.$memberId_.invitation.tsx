import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AREAS } from "~/components/admin/areas";
import { InvitationDialog } from "~/components/admin/Invitation";
import { invitationAction, invitationLoader } from "~/components/admin/families.server";

export const loader = (args: LoaderFunctionArgs) => invitationLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => invitationAction(args, "staff");

export default function Route() {
  return <InvitationDialog title="Invitation for" closeTo={AREAS.staff.families} makeLabel="Make a new invitation link" />;
}
