import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AREAS } from "~/components/admin/areas";
import { InvitationDialog } from "~/components/admin/Invitation";
import { residentInvitationAction, residentInvitationLoader } from "~/components/admin/residents.server";

export const loader = (args: LoaderFunctionArgs) => residentInvitationLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => residentInvitationAction(args, "admin");

export default function Route() {
  return <InvitationDialog title="Sign-in link for" closeTo={AREAS.admin.residents} makeLabel="Make a sign-in link" />;
}
