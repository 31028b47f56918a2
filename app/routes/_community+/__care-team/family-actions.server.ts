// Bulk actions on the ticked family members: new invitation links as one printable sheet, and
// switching sign-ins off (asked once, done once, with Undo) or back on; and emailing one member a
// link to choose a new password. Shared by /admin/families and /staff/families; every switch and
// every link is written to the audit log.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { writeAudit } from "~/models/audit.server";
import { formatShortDate } from "~/models/local-time";
import { familyMembersByIds, setFamilySignInsActive } from "~/models/family-access.server";
import { findFamilyAccount, reissueInvitation } from "~/models/invitation.server";
import { getFamilyMember, type FamilyMemberRow } from "~/models/family.server";
import {
  resetEligibility,
  sendPasswordReset,
  type ResetRefusal,
} from "~/models/password-reset.server";
import type { UserRow } from "~/utils/accounts.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import type { Community, TenantDb } from "~/utils/db.server";
import type { T } from "~/utils/i18n";
import type { PasswordLinkState } from "./FamilyActions";
import { getResident } from "~/models/resident.server";
import { linkedSignInStates } from "~/models/sign-in-state.server";
import { clientOf, communityOrigin, originsFor } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { ROLE } from "~/utils/roles";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import type { SheetEntry } from "./sheet";
import { qrSvg } from "~/utils/qr.server";
import { listPathWith, listQueryOf, tickedIds, undoFor, type BulkResult } from "./bulk.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

export async function familiesBulkAction({
  request,
}: ActionFunctionArgs): Promise<BulkResult | Response> {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const chosen = familyMembersByIds(db, tickedIds(form));
  const t = await getT(request, "care");
  // the list's search, filter and page, kept on the way back (and through Undo)
  const back = listQueryOf(form);
  if (!chosen.length) return { kind: "nothing", message: t("familyBulk.noneTicked"), back };
  const states = linkedSignInStates(
    community.id,
    ROLE.family,
    chosen.map((m) => m.id),
  );
  const client = clientOf(request);

  if (intent === "deactivate") {
    const on = chosen.filter((m) => states.get(m.id)?.status !== "deactivated" && states.has(m.id));
    if (!on.length) return { kind: "nothing", message: t("familyBulk.alreadyOff"), back };
    if (form.get("confirm") !== "yes")
      return {
        kind: "confirm",
        intent: "deactivate",
        people: on.map((m) => ({ id: m.id, name: m.name })),
        back,
      };
    const changed = setFamilySignInsActive(
      community.id,
      on.map((m) => m.id),
      false,
    );
    for (const c of changed)
      writeAudit({
        client,
        actorUserId: user.id,
        action: "family.deactivated",
        targetUserId: c.userId,
        tenantId: community.id,
        details: chosen.find((m) => m.id === c.memberId)?.name ?? null,
      });
    const ids = changed.map((c) => c.memberId);
    const names = chosen.filter((m) => ids.includes(m.id)).map((m) => m.name);
    return redirectWithToast(listPathWith(cfg.families, back, { status: "inactive" }), {
      type: "success",
      title: t("familyBulk.switchedOff", { count: changed.length }),
      description: t("familyBulk.switchedOffDetail", { names: names.join(", ") }),
      ...undoFor(`${cfg.families}/bulk`, "activate", ids, t("common:undo"), back),
    });
  }

  if (intent === "activate") {
    const changed = setFamilySignInsActive(
      community.id,
      chosen.map((m) => m.id),
      true,
    );
    for (const c of changed)
      writeAudit({
        client,
        actorUserId: user.id,
        action: "family.reactivated",
        targetUserId: c.userId,
        tenantId: community.id,
        details: chosen.find((m) => m.id === c.memberId)?.name ?? null,
      });
    return redirectWithToast(`${cfg.families}${back}`, {
      type: "success",
      title: changed.length
        ? t("familyBulk.switchedOn", { count: changed.length })
        : t("bulk.nothingToChange"),
      description: changed.length
        ? chosen
            .filter((m) => changed.some((c) => c.memberId === m.id))
            .map((m) => m.name)
            .join(", ")
        : t("familyBulk.alreadyOn"),
    });
  }

  if (intent === "links") {
    const origin = communityOrigin(request, community.subdomain);
    const lang = await requestLanguage(request);
    const entries: SheetEntry[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const m of chosen) {
      const state = states.get(m.id);
      if (state?.status === "deactivated") {
        skipped.push({ name: m.name, reason: t("skip.switchedOff") });
        continue;
      }
      const invitation = await reissueInvitation(origin, db, community, m.id, user);
      if (!invitation) {
        // signed up already, or just joined the account her email signs in to
        const username = state?.username ?? findFamilyAccount(community.id, m.id)?.username;
        skipped.push({
          name: m.name,
          reason: username ? t("skip.signsIn", { username }) : t("skip.signsInUnknown"),
        });
        continue;
      }
      const resident = getResident(db, m.residentId);
      entries.push({
        name: m.name,
        detail: resident
          ? t("familyOf", { name: `${resident.firstName} ${resident.lastName}` })
          : null,
        username: invitation.username,
        url: invitation.url,
        expires: formatShortDate(invitation.expiresAt, community.timeZone, lang),
        qrSvg: await qrSvg(invitation.url),
      });
    }
    return { kind: "sheet", entries, skipped, back };
  }

  return { kind: "nothing", message: t("familyBulk.chooseAction"), back };
}

/** Why a link to choose a new password cannot be emailed to this account, in the reader's words. */
export function passwordLinkRefusal(t: T, reason: ResetRefusal | "tooMany"): string {
  return t(`password:staff.${reason}`);
}

function familyPasswordLinkState(
  t: T,
  community: Pick<Community, "id">,
  member: FamilyMemberRow,
): { state: PasswordLinkState; account: UserRow | undefined } {
  const account = findFamilyAccount(community.id, member.id);
  const eligible = resetEligibility(account);
  return {
    account,
    state: {
      name: member.name,
      username: account?.username ?? null,
      email: account?.email ?? null,
      refusal: eligible.ok ? null : passwordLinkRefusal(t, eligible.reason),
    },
  };
}

function familyMemberOr404(db: TenantDb, id: string | undefined): FamilyMemberRow {
  const member = getFamilyMember(db, id ?? "");
  if (!member) throw new Response("404 Page Not Found", { status: 404 });
  return member;
}

/** The page that emails a family member a link to choose a new password: what it can do. */
export async function familyPasswordLinkLoader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, areaOf(request));
  const member = familyMemberOr404(db, params.memberId);
  const t = await getT(request, "password");
  return { state: familyPasswordLinkState(t, community, member).state };
}

export const familyPasswordLinkPolicy = { body: "form" } satisfies RoutePolicy;

/** Emails the link (audited as password.reset_sent) and goes back to the list with a toast. */
export async function familyPasswordLinkAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const member = familyMemberOr404(db, params.memberId);
  const t = await getT(request, "password");
  const account = findFamilyAccount(community.id, member.id);
  const sent = await sendPasswordReset(
    community,
    account,
    { id: user.id, client: clientOf(request) },
    originsFor(request),
  );
  if (!sent.ok) return { refused: passwordLinkRefusal(t, sent.reason) };
  return redirectWithToast(AREAS[area].families, {
    type: "success",
    title: t("staff.sent"),
    description: t("staff.sentDetail", { email: sent.to }),
  });
}
