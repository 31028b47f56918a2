// Loaders and actions of the family screens, shared by /admin/families and /staff/families.
import { accountOfMember, otherFollowedResidents } from "~/models/family-links.server";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FamilyMemberSchema } from "~/models/admin-schemas.server";
import { writeAudit } from "~/models/audit.server";
import { deleteFamilyMember, getFamilyMember, updateFamilyMember } from "~/models/family.server";
import {
  addFamilyMemberWithInvitation,
  auditFamilyUpdated,
  findFamilyAccount,
  reissueInvitation,
  revokeInvitation,
  syncFamilyAccount,
} from "~/models/invitation.server";
import { getResident, listResidents } from "~/models/resident.server";
import type { TenantDb } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import { requireArea } from "~/utils/permissions.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { invitationFlashHeaders, invitationPageData, revokedToast } from "./invitation-page.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import type { T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { translatedReply } from "./residents.server";

/** A family member who already follows the chosen resident under the typed email. */
export type ExistingFollower = {
  id: string;
  name: string;
  resident: string;
  accepted: boolean;
  username: string | null;
};
/** Residents offered in the form: the active ones, plus the member's current resident if inactive. */
function residentChoices(db: TenantDb, t: T, currentId?: string) {
  return listResidents(db)
    .filter((r) => r.isActive || r.id === currentId)
    .map((r) => {
      const name = `${r.firstName} ${r.lastName}`;
      return {
        id: r.id,
        name: r.roomNumber ? t("family.residentInRoom", { name, room: r.roomNumber }) : name,
      };
    });
}

export async function newFamilyLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const wanted = new URL(request.url).searchParams.get("residentId") ?? "";
  const residents = residentChoices(db, await getT(request, "care"));
  return { residents, residentId: residents.some((r) => r.id === wanted) ? wanted : "" };
}

export const newFamilyPolicy = { body: "form" } satisfies RoutePolicy;

export async function newFamilyAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care");
  const tj = await getT(request, "follows");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: FamilyMemberSchema });
  if (submission.status !== "success")
    return translatedReply(submission.reply({ formErrors: [t("failed.addFamily")] }), t);
  const resident = getResident(db, submission.value.residentId);
  if (!resident || !resident.isActive)
    return submission.reply({
      formErrors: [t("failed.addFamily")],
      fieldErrors: { residentId: [t("family.noResident")] },
    });
  try {
    const result = await addFamilyMemberWithInvitation(
      communityOrigin(request, community.subdomain),
      db,
      community,
      submission.value,
      { id: user.id, client: clientOf(request) },
    );
    // the same person added again: offer the one who is there instead of a second account
    if (!result.added) {
      const offer: ExistingFollower = {
        id: result.member.id,
        name: result.member.name,
        resident: `${resident.firstName} ${resident.lastName}`,
        accepted: result.account?.status === "active",
        username: result.account?.username ?? null,
      };
      return { ...submission.reply(), existing: offer };
    }
    const { member, invitation } = result;
    // her email already signs in here: the resident was added to that account, which she confirms
    if (result.joined) {
      return redirectWithToast(cfg.families, {
        type: "success",
        stay: true,
        title: t("family.added"),
        description: `${tj("joined.toAdmin", {
          name: member.name,
          username: result.joined.username,
          resident: `${resident.firstName} ${resident.lastName}`,
        })} ${result.joined.email.sent ? tj("joined.toAdminEmailed", { email: result.joined.email.to }) : ""}`.trim(),
      });
    }
    return redirectWithToast(
      `${cfg.families}/${member.id}/invitation`,
      {
        type: "success",
        title: t("family.added"),
        description: t("family.addedDetail", { name: member.name }),
      },
      { headers: await invitationFlashHeaders(invitation!) },
    );
  } catch (error) {
    console.error("Adding a family member failed", error);
    return redirectWithToast(cfg.families, {
      type: "error",
      title: t("failed.addFamily"),
      description: t("tryAgain"),
    });
  }
}

function memberOr404(db: TenantDb, id: string | undefined) {
  const member = getFamilyMember(db, id ?? "");
  if (!member) throw new Response("404 Page Not Found", { status: 404 });
  return member;
}

export async function editFamilyLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const member = memberOr404(db, params.memberId);
  return {
    member: {
      id: member.id,
      residentId: member.residentId,
      name: member.name,
      email: member.email,
      relationship: member.relationship,
      phoneNumber: member.phoneNumber,
    },
    residents: residentChoices(db, await getT(request, "care"), member.residentId),
  };
}

export const editFamilyPolicy = { body: "form" } satisfies RoutePolicy;

export async function editFamilyAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care");
  const failedUpdate = t("failed.updateFamily");
  const before = getFamilyMember(db, params.memberId ?? "");
  if (!before)
    return redirectWithToast(cfg.families, {
      type: "error",
      title: failedUpdate,
      description: t("family.gone"),
    });
  const submission = parseWithZod(await request.formData(), { schema: FamilyMemberSchema });
  if (submission.status !== "success")
    return translatedReply(submission.reply({ formErrors: [failedUpdate] }), t);
  const resident = getResident(db, submission.value.residentId);
  if (!resident || (!resident.isActive && resident.id !== before.residentId)) {
    return submission.reply({
      formErrors: [failedUpdate],
      fieldErrors: { residentId: [t("family.noResident")] },
    });
  }
  const v = submission.value;
  const member = updateFamilyMember(db, before.id, {
    ...v,
    relationship: v.relationship ?? null,
    phoneNumber: v.phoneNumber ?? null,
  });
  if (!member)
    return redirectWithToast(cfg.families, {
      type: "error",
      title: failedUpdate,
      description: t("tryAgain"),
    });
  syncFamilyAccount(community.id, member);
  auditFamilyUpdated(db, community, member, { id: user.id, client: clientOf(request) });
  return redirectWithToast(cfg.families, {
    type: "success",
    title: t("family.updated"),
    description: t("resident.updatedDetail", { name: member.name }),
  });
}

export async function deleteFamilyLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const member = memberOr404(db, params.memberId);
  const resident = getResident(db, member.residentId);
  return {
    member: {
      id: member.id,
      name: member.name,
      resident: resident ? `${resident.firstName} ${resident.lastName}` : "",
      // the residents her account follows besides this one: her sign-in stays for them
      alsoFollows: otherFollowedResidents(db, community.id, member.id),
    },
  };
}

export const deleteFamilyPolicy = { body: "form" } satisfies RoutePolicy;

export async function deleteFamilyAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care");
  const member = getFamilyMember(db, params.memberId ?? "");
  const account = member ? findFamilyAccount(community.id, member.id) : undefined;
  const alsoFollows = member ? otherFollowedResidents(db, community.id, member.id) : [];
  if (!member || !deleteFamilyMember(db, community.id, member.id)) {
    return redirectWithToast(cfg.families, {
      type: "error",
      title: t("failed.removeFamily"),
      description: t("family.gone"),
    });
  }
  // an erasure: the administrators' audit page lists it (the account is gone, so its name goes in details)
  writeAudit({
    client: clientOf(request),
    actorUserId: user.id,
    action: "family.removed",
    targetUserId: account?.id ?? null,
    tenantId: community.id,
    details: `${member.name} <${member.email}>`,
  });
  return redirectWithToast(cfg.families, {
    type: "success",
    title: t("family.removed"),
    description: alsoFollows.length
      ? (await getT(request, "follows"))("remove.doneKept", {
          name: member.name,
          names: alsoFollows.join(", "),
        })
      : t("family.removedDetail", { name: member.name }),
  });
}

export async function invitationLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const member = memberOr404(db, params.memberId);
  // back to the family of the resident they follow, where the new member is listed
  return invitationPageData(
    request,
    community,
    { id: member.id, name: member.name },
    findFamilyAccount(community.id, member.id),
    { back: `?resident=${member.residentId}` },
  );
}

export const invitationPolicy = { body: "form" } satisfies RoutePolicy;

export async function invitationAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care");
  const member = getFamilyMember(db, params.memberId ?? "");
  if (!member)
    return redirectWithToast(cfg.families, {
      type: "error",
      title: t("invitation.failed"),
      description: t("family.gone"),
    });
  const actor = { id: user.id, client: clientOf(request) };
  const formData = await request.formData();
  if (formData.get("intent") === "revoke") {
    const revoked = revokeInvitation(community, "family", member.id, member.name, actor);
    return redirectWithToast(
      `${cfg.families}/${member.id}/invitation`,
      await revokedToast(request, member.name, revoked),
    );
  }
  const invitation = await reissueInvitation(
    communityOrigin(request, community.subdomain),
    db,
    community,
    member.id,
    actor,
  );
  if (!invitation) {
    // her email signs in here already: the record joined that account and waits for her
    const joined = findFamilyAccount(community.id, member.id);
    const waiting = joined && !accountOfMember(community.id, member.id)?.confirmedAt;
    const resident = getResident(db, member.residentId);
    return redirectWithToast(`${cfg.families}/${member.id}/invitation`, {
      type: "info",
      title: t("invitation.alreadySignedUp"),
      description:
        waiting && resident
          ? (await getT(request, "follows"))("joined.toAdmin", {
              name: member.name,
              username: joined.username,
              resident: `${resident.firstName} ${resident.lastName}`,
            })
          : t("invitation.alreadyChosen", { name: member.name }),
    });
  }
  return redirectWithToast(
    `${cfg.families}/${member.id}/invitation`,
    {
      type: "success",
      title: t("invitation.newLinkMade"),
      description: t("invitation.giveIt", { name: member.name }),
    },
    { headers: await invitationFlashHeaders(invitation) },
  );
}
