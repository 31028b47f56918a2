// Loaders and actions of the residents screens, shared by /admin/residents and /staff/residents.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { ResidentSchema } from "~/models/admin-schemas.server";
import { deleteMedia, MediaError, saveImage } from "~/models/media.server";
import { readPhotoForm } from "~/utils/upload-form.server";
import { photoTooLargeMessage } from "~/utils/media-limits";
import { mediaUrl } from "~/models/media-urls";
import {
  auditedBy,
  createResident,
  getResident,
  listResidentsWithStoryCounts,
  setResidentActive,
  setResidentPhoto,
  updateResident,
  type ResidentRow,
  type ResidentWithCounts,
} from "~/models/resident.server";
import { listFamilyOfResident } from "~/models/family.server";
import { residentListPageOf } from "~/models/resident-status.server";
import {
  findResidentAccount,
  residentInvitation,
  revokeInvitation,
} from "~/models/invitation.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import { invitationFlashHeaders, invitationPageData, revokedToast } from "./invitation-page.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLevelReply } from "~/utils/form-replies.server";
import { AREAS, areaOf } from "./areas";
import { requireArea } from "~/utils/permissions.server";
import { modelLanguages } from "~/utils/whisper.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { translateMessage, type T } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { calendarDay } from "./resident-actions.server";

/**
 * A form's reply with every message in the reader's language: the schema's keys
 * (msg("validation:...")) and the media checks' messages become text; text passes as it is.
 */
export function translatedReply<R extends { error?: Record<string, string[] | null> | null }>(
  reply: R,
  t: T,
): R {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [field, messages] of Object.entries(reply.error))
    error[field] = messages ? messages.map((m) => translateMessage(t, m)) : messages;
  return { ...reply, error };
}

/** A media error's title and description as one message, in the reader's language. */
function mediaMessage(t: T, error: { title: string; description: string }): string {
  return `${translateMessage(t, error.title)}: ${translateMessage(t, error.description)}`;
}

export type ResidentListItem = {
  id: string;
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  dateOfBirth: string | null;
  admissionDate: string | null;
  admissionLabel: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  storyCount: number;
  publishedStoryCount: number;
  pendingStoryCount: number;
  preferredLanguage: string;
  /** their own sign-in: none yet, a link made but no password chosen, or in use */
  signIn: "none" | "invited" | "active";
};

function toListItem(
  r: ResidentWithCounts,
  lang: string,
  signIn: ResidentListItem["signIn"] = "none",
): ResidentListItem {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    roomNumber: r.roomNumber,
    dateOfBirth: r.dateOfBirth,
    admissionDate: r.admissionDate,
    admissionLabel: r.admissionDate ? calendarDay(r.admissionDate, lang) : null,
    profileImageUrl: r.profileImageId ? mediaUrl(r.profileImageId, 400) : null,
    isActive: r.isActive,
    storyCount: r.storyCount,
    publishedStoryCount: r.publishedStoryCount,
    pendingStoryCount: r.pendingStoryCount,
    preferredLanguage: r.preferredLanguage,
    signIn,
  };
}

/** The uploaded photo's bytes (null when none was chosen); removed from the form data either way. */
async function takePhoto(formData: FormData): Promise<Buffer | null> {
  const file = formData.get("photo");
  formData.delete("photo");
  if (file && typeof file === "object" && "arrayBuffer" in file && file.size > 0)
    return Buffer.from(await file.arrayBuffer());
  return null;
}

export async function newResidentLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  await requireArea(request, area);
  // which languages the resident's recordings can be transcribed in, with the installed model
  return { transcription: modelLanguages() };
}

export const newResidentPolicy = { body: "photo" } satisfies RoutePolicy;

export async function newResidentAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const t = await getT(request, "care");
  const failedCreate = t("failed.createResident", { area });
  const read = await readResidentForm(request);
  if ("refused" in read) return read.refused;
  const { formData, photoBytes } = read;
  const photo = await takePhoto(formData);
  const submission = parseWithZod(formData, { schema: ResidentSchema });
  if (photoBytes !== undefined)
    return translatedReply(
      submission.reply({
        formErrors: [failedCreate],
        fieldErrors: { photo: [photoTooLargeMessage(photoBytes, t), t("photos:chooseAgain")] },
      }),
      t,
    );
  if (submission.status !== "success")
    return translatedReply(submission.reply({ formErrors: [failedCreate] }), t);
  let imageId: string | null = null;
  if (photo) {
    try {
      imageId = (
        await saveImage(db, community, photo, { uploadedByUserId: user.id, status: "attached" })
      ).id;
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      return data(
        submission.reply({
          formErrors: [failedCreate],
          fieldErrors: { photo: [mediaMessage(t, error)] },
        }),
        { status: 422 },
      );
    }
  }
  try {
    const resident = createResident(
      db,
      { ...submission.value, profileImageId: imageId },
      auditedBy(user, community, request),
    );
    // the list's page that shows the new resident
    const page = residentListPageOf(db, resident);
    return redirectWithToast(page > 1 ? `${cfg.residents}?page=${page}` : cfg.residents, {
      type: "success",
      title: t("resident.added"),
      description: t("resident.addedDetail", {
        name: `${resident.firstName} ${resident.lastName}`,
      }),
    });
  } catch (error) {
    console.error("Adding a resident failed", error);
    if (imageId) deleteMedia(db, community, imageId);
    return redirectWithToast(cfg.residents, {
      type: "error",
      title: failedCreate,
      description: t("tryAgain"),
    });
  }
}

export type ResidentDetail = ResidentListItem & {
  /** her own email, when she has one */
  email: string | null;
  family: { id: string; name: string; relationship: string | null }[];
};

export async function editResidentLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const row: ResidentRow | undefined = getResident(db, params.residentId ?? "");
  if (!row) throw new Response("404 Page Not Found", { status: 404 });
  const counts = listResidentsWithStoryCounts(db).find((r) => r.id === row.id)!;
  const resident: ResidentDetail = {
    ...toListItem(counts, await requestLanguage(request)),
    email: row.email,
    family: listFamilyOfResident(db, row.id).map((f) => ({
      id: f.id,
      name: f.name,
      relationship: f.relationship,
    })),
  };
  return { resident, transcription: modelLanguages() };
}

export const editResidentPolicy = { body: "photo" } satisfies RoutePolicy;

export async function editResidentAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const id = params.residentId ?? "";
  const t = await getT(request, "care");
  const failedUpdate = t("failed.updateResident");
  const failed = (description = t("tryAgain")) =>
    redirectWithToast(cfg.residents, {
      type: "error",
      title: failedUpdate,
      description,
    });
  if (!getResident(db, id)) return failed(t("resident.gone"));
  const read = await readResidentForm(request);
  if ("refused" in read) return read.refused;
  const { formData, photoBytes } = read;
  const intent = String(formData.get("intent") ?? "update");

  // deactivating asks first (resident-actions.server.ts); reactivating is done at once
  if (intent === "deactivate") return redirect(`${cfg.residents}/${id}/deactivate`);
  if (intent === "activate") {
    const r = setResidentActive(db, id, true);
    if (!r) return failed();
    return redirectWithToast(cfg.residents, {
      type: "success",
      title: t("resident.reactivated"),
      description: t("resident.reactivatedDetail", { name: `${r.firstName} ${r.lastName}` }),
    });
  }

  const photo = await takePhoto(formData);
  const removePhoto = formData.get("removePhoto") === "on";
  const submission = parseWithZod(formData, { schema: ResidentSchema });
  if (photoBytes !== undefined)
    return translatedReply(
      submission.reply({
        formErrors: [failedUpdate],
        fieldErrors: { photo: [photoTooLargeMessage(photoBytes, t), t("photos:chooseAgain")] },
      }),
      t,
    );
  if (submission.status !== "success")
    return translatedReply(submission.reply({ formErrors: [failedUpdate] }), t);
  try {
    if (photo) await setResidentPhoto(db, community, id, photo, user.id);
    else if (removePhoto) await setResidentPhoto(db, community, id, null);
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return data(
      submission.reply({
        formErrors: [failedUpdate],
        fieldErrors: { photo: [mediaMessage(t, error)] },
      }),
      { status: 422 },
    );
  }
  // an emptied optional field is cleared, not kept
  const v = submission.value;
  const r = updateResident(
    db,
    id,
    {
      ...v,
      roomNumber: v.roomNumber ?? null,
      dateOfBirth: v.dateOfBirth ?? null,
      admissionDate: v.admissionDate ?? null,
      email: v.email ?? null,
    },
    auditedBy(user, community, request),
  );
  if (!r) return failed();
  const page = residentListPageOf(db, r);
  return redirectWithToast(page > 1 ? `${cfg.residents}?page=${page}` : cfg.residents, {
    type: "success",
    title: t("resident.updated"),
    description: t("resident.updatedDetail", { name: `${r.firstName} ${r.lastName}` }),
  });
}

/** The resident's sign-in link page: the link just made (shown once), or a button to make one. */
export async function residentInvitationLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const row = getResident(db, params.residentId ?? "");
  if (!row) throw new Response("404 Page Not Found", { status: 404 });
  const name = `${row.firstName} ${row.lastName}`;
  return invitationPageData(
    request,
    community,
    { id: row.id, name },
    findResidentAccount(community.id, row.id),
    { inactive: !row.isActive, back: `?q=${encodeURIComponent(name)}` },
  );
}

export const residentInvitationPolicy = { body: "form" } satisfies RoutePolicy;

export async function residentInvitationAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const id = params.residentId ?? "";
  const page = `${cfg.residents}/${id}/invitation`;
  const t = await getT(request, "care");
  const actor = { id: user.id, client: clientOf(request) };
  const formData = await request.formData();
  if (formData.get("intent") === "revoke") {
    const resident = getResident(db, id);
    if (!resident) throw new Response("404 Page Not Found", { status: 404 });
    const name = `${resident.firstName} ${resident.lastName}`;
    const revoked = revokeInvitation(community, "resident", resident.id, name, actor);
    return redirectWithToast(page, await revokedToast(request, name, revoked));
  }
  const result = await residentInvitation(
    communityOrigin(request, community.subdomain),
    db,
    community,
    id,
    actor,
  );
  if (!result.ok) {
    if (result.reason === "unknown")
      return redirectWithToast(cfg.residents, {
        type: "error",
        title: t("invitation.failedLink"),
        description: t("resident.gone"),
      });
    if (result.reason === "inactive")
      return redirectWithToast(page, {
        type: "error",
        title: t("invitation.failedLink"),
        description: t("invitation.residentInactive"),
      });
    return redirectWithToast(page, {
      type: "info",
      title: t("invitation.alreadySignedUp"),
      description: t("invitation.alreadySignsIn", { username: result.username }),
    });
  }
  return redirectWithToast(
    page,
    {
      type: "success",
      title: t("invitation.linkMade"),
      description: t("invitation.giveIt", { name: result.invitation.name }),
    },
    { headers: await invitationFlashHeaders(result.invitation) },
  );
}

/**
 * The resident form, read to its end: a photo over 5 MB is reported with its size (and not kept),
 * so the form comes back with everything typed. A body past the hard cap: the form-level message.
 */
async function readResidentForm(
  request: Request,
): Promise<
  | { formData: FormData; photoBytes: number | undefined }
  | { refused: ReturnType<typeof formLevelReply> }
> {
  try {
    const { form, tooLarge } = await readPhotoForm(request);
    return { formData: form, photoBytes: tooLarge.get("photo") };
  } catch (error) {
    if (error instanceof MediaError) {
      const t = await getT(request, "care");
      return {
        refused: formLevelReply([
          translateMessage(t, error.title),
          translateMessage(t, error.description),
        ]),
      };
    }
    throw error;
  }
}
