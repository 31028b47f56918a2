// Emails a staff member or an administrator a link to choose a new password (administrators only;
// not for oneself: one's own password is changed on /password).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteDialog } from "~/components/dialog";
import { resetEligibility, sendPasswordReset } from "~/models/password-reset.server";
import { getStaffMember } from "~/models/staff.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { clientOf, originsFor } from "~/utils/host.server";
import { useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PasswordLinkForm, type PasswordLinkState } from "../__care-team/FamilyActions";
import { passwordLinkRefusal } from "../__care-team/family-actions.server";

const STAFF = "/admin/staff";

function staffMemberOr404(tenantId: string, id: string | undefined) {
  const member = getStaffMember(tenantId, id ?? "");
  if (!member) throw new Response("404 Page Not Found", { status: 404 });
  return member;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const member = staffMemberOr404(community.id, params.userId);
  const t = await getT(request, "password");
  const eligible = resetEligibility(member);
  const state: PasswordLinkState = {
    name: member.displayName,
    username: member.username,
    email: member.email || null,
    refusal:
      member.id === user.id
        ? t("staff.self")
        : eligible.ok
          ? null
          : passwordLinkRefusal(t, eligible.reason),
  };
  return { state };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const member = staffMemberOr404(community.id, params.userId);
  const t = await getT(request, "password");
  if (member.id === user.id) return { refused: t("staff.self") };
  const sent = await sendPasswordReset(
    community,
    member,
    { id: user.id, client: clientOf(request) },
    originsFor(request),
  );
  if (!sent.ok) return { refused: passwordLinkRefusal(t, sent.reason) };
  return redirectWithToast(STAFF, {
    type: "success",
    title: t("staff.sent"),
    description: t("staff.sentDetail", { email: sent.to }),
  });
}

export default function StaffPasswordLinkDialog() {
  const { state } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const t = useT("password");
  return (
    <RouteDialog
      id="staff-password-link"
      title={t("staff.title", { name: state.name })}
      closeTo={STAFF}
    >
      <PasswordLinkForm state={state} refused={data?.refused ?? null} backTo={STAFF} />
    </RouteDialog>
  );
}
