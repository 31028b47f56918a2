// Deactivating a resident (asked first, with Undo in the toast), bulk actions on the ticked
// residents (deactivate asked once and done once; sign-in links as one printable sheet), and the
// printable resident directory. Shared by /admin/residents and /staff/residents.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { formatLongDate, formatShortDate } from "~/models/local-time";
import { residentInvitation } from "~/models/invitation.server";
import { getResident, listResidents } from "~/models/resident.server";
import { residentsByIds, setResidentsActive } from "~/models/resident-status.server";
import { communityOrigin } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AREAS, areaOf } from "./areas";
import type { SheetEntry } from "./sheet";
import { qrSvg } from "~/utils/qr.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { listPathWith, listQueryOf, tickedIds, undoFor, type BulkResult } from "./bulk.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

/** A calendar day (YYYY-MM-DD) as "Apr 5, 2025" in the reader's language: a day, so no time zone moves it. */
export function calendarDay(ymd: string, lang: string): string {
  return formatShortDate(`${ymd}T12:00:00Z`, "UTC", lang);
}

// ---- one resident: /{area}/residents/{id}/deactivate

export async function deactivateResidentLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const resident = getResident(db, params.residentId ?? "");
  if (!resident) throw new Response("404 Page Not Found", { status: 404 });
  return {
    resident: {
      id: resident.id,
      name: `${resident.firstName} ${resident.lastName}`,
      isActive: resident.isActive,
    },
  };
}

export const deactivateResidentPolicy = { body: "form" } satisfies RoutePolicy;

export async function deactivateResidentAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const cfg = AREAS[area];
  const id = params.residentId ?? "";
  const resident = getResident(db, id);
  // like the page itself: a resident of another community, or none, is not found
  if (!resident) throw new Response("404 Page Not Found", { status: 404 });
  const intent = String((await request.formData()).get("intent") ?? "");
  const name = `${resident.firstName} ${resident.lastName}`;
  const t = await getT(request, "care");
  // the list's search, filter and page came in the address: back to the list as it was
  const query = new URL(request.url).search;
  if (intent === "deactivate") {
    setResidentsActive(db, [id], false);
    return redirectWithToast(`${cfg.residents}${query}`, {
      type: "success",
      title: t("resident.deactivated"),
      description: t("resident.deactivatedDetail", { name }),
      undo: {
        action: `${cfg.residents}/${id}/deactivate${query}`,
        label: t("common:undo"),
        fields: [["intent", "activate"]],
      },
    });
  }
  if (intent === "activate") {
    setResidentsActive(db, [id], true);
    return redirectWithToast(`${cfg.residents}${query}`, {
      type: "success",
      title: t("resident.reactivated"),
      description: t("resident.reactivatedDetail", { name }),
    });
  }
  return redirectWithToast(cfg.residents, {
    type: "error",
    title: t("failed.updateResident"),
    description: t("unknownAction"),
  });
}

// ---- the ticked residents: /{area}/residents/bulk

export async function residentsBulkAction({
  request,
}: ActionFunctionArgs): Promise<BulkResult | Response> {
  const area = areaOf(request);
  const { db, community, user } = await requireArea(request, area);
  const cfg = AREAS[area];
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const chosen = residentsByIds(db, tickedIds(form));
  const t = await getT(request, "care");
  // the list's search, filter and page, kept on the way back (and through Undo)
  const back = listQueryOf(form);
  if (!chosen.length) return { kind: "nothing", message: t("residentBulk.noneTicked"), back };
  const name = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

  if (intent === "deactivate") {
    const active = chosen.filter((r) => r.isActive);
    if (!active.length)
      return { kind: "nothing", message: t("residentBulk.alreadyInactive"), back };
    // asked once: the confirmation carries the ids back with confirm=yes
    if (form.get("confirm") !== "yes")
      return {
        kind: "confirm",
        intent: "deactivate",
        people: active.map((r) => ({ id: r.id, name: name(r) })),
        back,
      };
    const changed = setResidentsActive(
      db,
      active.map((r) => r.id),
      false,
    );
    const ids = changed.map((r) => r.id);
    return redirectWithToast(listPathWith(cfg.residents, back, { status: "inactive" }), {
      type: "success",
      title: t("residentBulk.deactivated", { count: changed.length }),
      description: changed.map(name).join(", "),
      ...undoFor(`${cfg.residents}/bulk`, "activate", ids, t("common:undo"), back),
    });
  }

  if (intent === "activate") {
    const changed = setResidentsActive(
      db,
      chosen.map((r) => r.id),
      true,
    );
    return redirectWithToast(`${cfg.residents}${back}`, {
      type: "success",
      title: changed.length
        ? t("residentBulk.reactivated", { count: changed.length })
        : t("bulk.nothingToChange"),
      description: changed.length ? changed.map(name).join(", ") : t("residentBulk.alreadyActive"),
    });
  }

  if (intent === "links") {
    const origin = communityOrigin(request, community.subdomain);
    const lang = await requestLanguage(request);
    const entries: SheetEntry[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const r of chosen) {
      const result = await residentInvitation(origin, db, community, r.id, user);
      if (result.ok) {
        entries.push({
          name: result.invitation.name,
          detail: r.roomNumber ? t("roomNumber", { room: r.roomNumber }) : null,
          username: result.invitation.username,
          url: result.invitation.url,
          expires: formatShortDate(result.invitation.expiresAt, community.timeZone, lang),
          qrSvg: await qrSvg(result.invitation.url),
        });
      } else {
        skipped.push({
          name: name(r),
          reason:
            result.reason === "inactive"
              ? t("skip.inactive")
              : result.reason === "active"
                ? t("skip.signsIn", { username: result.username })
                : t("skip.gone"),
        });
      }
    }
    return { kind: "sheet", entries, skipped, back };
  }

  return { kind: "nothing", message: t("residentBulk.chooseAction"), back };
}

// ---- the printable directory: /{area}/residents/print

export async function residentsPrintLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const byRoom = new URL(request.url).searchParams.get("sort") === "room";
  const lang = await requestLanguage(request);
  const rows = listResidents(db, { activeOnly: true }).map((r) => ({
    id: r.id,
    name: `${r.lastName}, ${r.firstName}`,
    room: r.roomNumber,
    roomKey: r.sortRoom ?? "",
    admitted: r.admissionDate ? calendarDay(r.admissionDate, lang) : null,
    born: r.dateOfBirth ? calendarDay(r.dateOfBirth, lang) : null,
  }));
  if (byRoom) rows.sort((a, b) => (a.roomKey < b.roomKey ? -1 : a.roomKey > b.roomKey ? 1 : 0));
  return {
    facility: community.name,
    printedOn: formatLongDate(new Date().toISOString(), community.timeZone, lang),
    byRoom,
    residents: rows.map(({ roomKey: _key, ...r }) => r),
  };
}
