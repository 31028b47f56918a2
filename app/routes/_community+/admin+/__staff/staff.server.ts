// The administrator's staff screens (/admin/staff): the list, adding someone, editing, a new
// sign-in, deactivating (asked first, Undo in the toast) and reactivating. The rules (never
// yourself, never the last administrator) and the audit entries are in models/staff.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import { emailStaffInvitation, type InvitationEmail } from "~/models/invitation.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listView } from "~/models/list-params";
import { formatLongDate, formatRecentDay } from "~/models/local-time";
import { EditStaffSchema, NewStaffSchema, ResetStaffSchema } from "~/models/staff-forms.server";
import {
  createStaffMember,
  getStaffMember,
  listStaffPage,
  readStaffListParams,
  resetStaffSignIn,
  setStaffActive,
  StaffError,
  updateStaffMember,
  type NewSignIn,
} from "~/models/staff.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const STAFF = "/admin/staff";

/** The sign-in just made, shown once in the action's answer (never stored, never in a URL). */
export type ShownSignIn = {
  name: string;
  username: string;
  loginUrl: string;
  signIn: NewSignIn;
  expires: string | null;
  /** a link just made for someone new: whether it was emailed to her, and where */
  emailed?: InvitationEmail | null;
};

async function shown(
  request: Request,
  subdomain: string,
  timeZone: string,
  user: { displayName: string; username: string },
  signIn: NewSignIn,
): Promise<ShownSignIn> {
  return {
    name: user.displayName,
    username: user.username,
    loginUrl: `${communityOrigin(request, subdomain)}/login`,
    signIn,
    expires:
      signIn.kind === "link"
        ? formatLongDate(signIn.expiresAt, timeZone, await requestLanguage(request))
        : null,
  };
}

export async function staffListLoader({ request }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const params = readStaffListParams(new URL(request.url).searchParams);
  const { rows, page } = listStaffPage(community.id, params);
  const lang = await requestLanguage(request);
  return {
    me: user.id,
    page,
    view: listView(params),
    staff: rows.map((u) => ({
      id: u.id,
      displayName: u.displayName,
      username: u.username,
      email: u.email,
      role: u.role,
      isActive: u.isActive,
      status: u.signIn.status,
      mustChangePassword: u.mustChangePassword,
      lastActive: u.signIn.lastActiveAt
        ? formatRecentDay(u.signIn.lastActiveAt, community.timeZone, undefined, lang)
        : null,
    })),
  };
}

export async function newStaffLoader({ request }: LoaderFunctionArgs) {
  await requireArea(request, "admin");
  return null;
}

export const newStaffPolicy = { body: "form" } satisfies RoutePolicy;

export async function newStaffAction({ request }: ActionFunctionArgs) {
  const { community, user, db } = await requireArea(request, "admin");
  const t = await getT(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: NewStaffSchema });
  if (submission.status !== "success")
    return {
      result: submission.reply({ formErrors: [t("staff.addFailed")] }),
      created: null,
    };
  try {
    const { user: created, signIn } = await createStaffMember(
      { ...submission.value, tenantId: community.id },
      user,
      {
        origin: communityOrigin(request, community.subdomain),
        client: clientOf(request),
      },
    );
    // a sign-in link is also emailed to her (still shown, to copy)
    const emailed =
      signIn.kind === "link"
        ? emailStaffInvitation(db, community, created, signIn, {
            id: user.id,
            client: clientOf(request),
          })
        : null;
    return {
      result: submission.reply({ resetForm: true }),
      created: {
        ...(await shown(request, community.subdomain, community.timeZone, created, signIn)),
        emailed,
      },
    };
  } catch (error) {
    if (error instanceof StaffError) {
      return {
        result: submission.reply({
          formErrors: [t("staff.addFailed")],
          fieldErrors:
            error.field === "username" ? { username: [translateMessage(t, error.key)] } : {},
        }),
        created: null,
      };
    }
    console.error("Adding a staff member failed", error);
    return {
      result: submission.reply({ formErrors: [t("staff.addFailed"), t("tryAgain")] }),
      created: null,
    };
  }
}

function memberOr404(tenantId: string, id: string | undefined) {
  const member = getStaffMember(tenantId, id ?? "");
  if (!member) throw new Response("404 Page Not Found", { status: 404 });
  return member;
}

export async function editStaffLoader({ request, params }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const m = memberOr404(community.id, params.userId);
  return {
    me: user.id,
    member: {
      id: m.id,
      displayName: m.displayName,
      username: m.username,
      email: m.email,
      role: m.role,
      isActive: m.isActive,
      hasPassword: Boolean(m.passwordHash),
      mustChangePassword: m.mustChangePassword,
    },
  };
}

export const editStaffPolicy = { body: "form" } satisfies RoutePolicy;

export async function editStaffAction({ request, params }: ActionFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  memberOr404(community.id, params.userId);
  const t = await getT(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: EditStaffSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("staff.updateFailed")] });
  try {
    const updated = updateStaffMember(
      community.id,
      params.userId ?? "",
      submission.value,
      user,
      clientOf(request),
    );
    return redirectWithToast(STAFF, {
      type: "success",
      title: t("staff.updated"),
      description: t("staff.updatedDescription", { name: updated.displayName }),
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    const reason = translateMessage(t, error.key);
    return error.field === "role"
      ? submission.reply({
          formErrors: [t("staff.updateFailed")],
          fieldErrors: { role: [reason] },
        })
      : submission.reply({ formErrors: [t("staff.updateFailed"), reason] });
  }
}

export async function resetStaffLoader({ request, params }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const m = memberOr404(community.id, params.userId);
  return {
    me: user.id,
    member: { id: m.id, displayName: m.displayName, username: m.username, isActive: m.isActive },
  };
}

export const resetStaffPolicy = { body: "form" } satisfies RoutePolicy;

export async function resetStaffAction({ request, params }: ActionFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  memberOr404(community.id, params.userId);
  const t = await getT(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: ResetStaffSchema });
  if (submission.status !== "success")
    return {
      result: submission.reply({ formErrors: [t("staff.chooseMethod")] }),
      created: null,
      refused: null,
    };
  try {
    const { user: target, signIn } = await resetStaffSignIn(
      community.id,
      params.userId ?? "",
      submission.value.method,
      user,
      {
        origin: communityOrigin(request, community.subdomain),
        client: clientOf(request),
      },
    );
    return {
      result: submission.reply(),
      created: await shown(request, community.subdomain, community.timeZone, target, signIn),
      refused: null,
    };
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return { result: submission.reply(), created: null, refused: translateMessage(t, error.key) };
  }
}

export async function deactivateStaffLoader({ request, params }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const m = memberOr404(community.id, params.userId);
  return {
    me: user.id,
    member: { id: m.id, displayName: m.displayName, role: m.role, isActive: m.isActive },
  };
}

export const deactivateStaffPolicy = { body: "form" } satisfies RoutePolicy;

export async function deactivateStaffAction({ request, params }: ActionFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  memberOr404(community.id, params.userId);
  const id = params.userId ?? "";
  const t = await getT(request, "admin");
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent !== "deactivate" && intent !== "activate")
    return redirectWithToast(STAFF, {
      type: "error",
      title: t("staff.updateFailed"),
      description: t("unknownAction"),
    });
  try {
    const target = setStaffActive(community.id, id, intent === "activate", user, clientOf(request));
    if (intent === "activate")
      return redirectWithToast(STAFF, {
        type: "success",
        title: t("staff.reactivated"),
        description: t("staff.reactivatedDescription", { name: target.displayName }),
      });
    return redirectWithToast(STAFF, {
      type: "success",
      title: t("staff.deactivated"),
      description: t("staff.deactivatedDescription", { name: target.displayName }),
      undo: {
        action: `${STAFF}/${id}/deactivate`,
        label: t("common:undo"),
        fields: [["intent", "activate"]],
      },
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return redirectWithToast(STAFF, {
      type: "error",
      title: t("staff.updateFailed"),
      description: translateMessage(t, error.key),
    });
  }
}
