// The administrator's staff screens (/admin/staff): the list, adding someone, editing, a new
// sign-in, deactivating (asked first, Undo in the toast) and reactivating. The rules (never
// yourself, never the last administrator) and the audit entries are in models/staff.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listView } from "~/models/list-params";
import { formatRecentDay } from "~/models/local-time";
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
import { ROLE_LABELS } from "~/utils/roles";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export const STAFF = "/admin/staff";
const TRY_AGAIN = "Please try again or contact support if the problem persists.";

/** The sign-in just made, shown once in the action's answer (never stored, never in a URL). */
export type ShownSignIn = {
  name: string;
  username: string;
  loginUrl: string;
  signIn: NewSignIn;
  expires: string | null;
};

function shown(
  request: Request,
  subdomain: string,
  timeZone: string,
  user: { displayName: string; username: string },
  signIn: NewSignIn,
): ShownSignIn {
  return {
    name: user.displayName,
    username: user.username,
    loginUrl: `${communityOrigin(request, subdomain)}/login`,
    signIn,
    expires:
      signIn.kind === "link"
        ? new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "long" }).format(
            new Date(signIn.expiresAt),
          )
        : null,
  };
}

export async function staffListLoader({ request }: LoaderFunctionArgs) {
  const { community, user } = await requireArea(request, "admin");
  const params = readStaffListParams(new URL(request.url).searchParams);
  const { rows, page } = listStaffPage(community.id, params);
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
      roleLabel: ROLE_LABELS[u.role],
      isActive: u.isActive,
      status: u.signIn.status,
      mustChangePassword: u.mustChangePassword,
      lastActive: u.signIn.lastActiveAt
        ? formatRecentDay(u.signIn.lastActiveAt, community.timeZone)
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
  const { community, user } = await requireArea(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: NewStaffSchema });
  if (submission.status !== "success")
    return {
      result: submission.reply({ formErrors: ["Failed to add staff member"] }),
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
    return {
      result: submission.reply({ resetForm: true }),
      created: shown(request, community.subdomain, community.timeZone, created, signIn),
    };
  } catch (error) {
    if (error instanceof StaffError) {
      return {
        result: submission.reply({
          formErrors: ["Failed to add staff member"],
          fieldErrors: error.field === "username" ? { username: [error.message] } : {},
        }),
        created: null,
      };
    }
    console.error("Adding a staff member failed", error);
    return {
      result: submission.reply({ formErrors: ["Failed to add staff member", TRY_AGAIN] }),
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
  const submission = parseWithZod(await request.formData(), { schema: EditStaffSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: ["Failed to update staff member"] });
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
      title: "Staff member updated",
      description: `${updated.displayName}'s details are saved.`,
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return error.field === "role"
      ? submission.reply({
          formErrors: ["Failed to update staff member"],
          fieldErrors: { role: [error.message] },
        })
      : submission.reply({ formErrors: ["Failed to update staff member", error.message] });
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
  const submission = parseWithZod(await request.formData(), { schema: ResetStaffSchema });
  if (submission.status !== "success")
    return {
      result: submission.reply({ formErrors: ["Choose how they sign in"] }),
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
      created: shown(request, community.subdomain, community.timeZone, target, signIn),
      refused: null,
    };
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return { result: submission.reply(), created: null, refused: error.message };
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
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent !== "deactivate" && intent !== "activate")
    return redirectWithToast(STAFF, {
      type: "error",
      title: "Failed to update staff member",
      description: "Unknown action.",
    });
  try {
    const target = setStaffActive(community.id, id, intent === "activate", user, clientOf(request));
    if (intent === "activate")
      return redirectWithToast(STAFF, {
        type: "success",
        title: "Staff member reactivated",
        description: `${target.displayName} can sign in again.`,
      });
    return redirectWithToast(STAFF, {
      type: "success",
      title: "Staff member deactivated",
      description: `${target.displayName} is signed out everywhere and cannot sign in.`,
      undo: {
        action: `${STAFF}/${id}/deactivate`,
        label: "Undo",
        fields: [["intent", "activate"]],
      },
    });
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return redirectWithToast(STAFF, {
      type: "error",
      title: "Failed to update staff member",
      description: error.message,
    });
  }
}
