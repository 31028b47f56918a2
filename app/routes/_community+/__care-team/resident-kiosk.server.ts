// A resident's lounge kiosk settings, at /admin|staff/residents/{id}/kiosk: whether she
// agreed to appear on kiosks, her 4-digit kiosk PIN (set with her; hashed like a password), and her
// sign-in card (a QR code that opens the kiosk with her chosen; a new card retires the old one).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireArea } from "~/utils/permissions.server";
import { communityOrigin } from "~/utils/host.server";
import { qrSvg } from "~/utils/qr.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getResident } from "~/models/resident.server";
import {
  clearKioskPin,
  kioskPinProblem,
  newKioskCard,
  setKioskConsent,
  setKioskPin,
} from "~/models/kiosk.server";
import { AREAS, areaOf } from "./areas";
import { getT } from "~/utils/i18n.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export async function residentKioskLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const r = getResident(db, params.residentId ?? "");
  if (!r) throw new Response("404 Page Not Found", { status: 404 });
  return {
    resident: {
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      isActive: r.isActive,
      consent: r.kioskConsent,
      hasPin: !!r.kioskPinHash,
      hasCard: !!r.kioskCardTokenHash,
    },
  };
}

export type ResidentKioskResult = {
  pinError?: string;
  consent?: boolean;
  card?: { url: string; qrSvg: string };
};

export const residentKioskPolicy = { body: "form" } satisfies RoutePolicy;

export async function residentKioskAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  const cfg = AREAS[area];
  const r = getResident(db, params.residentId ?? "");
  if (!r) throw new Response("404 Page Not Found", { status: 404 });
  const name = `${r.firstName} ${r.lastName}`;
  const page = `${cfg.residents}/${r.id}/kiosk`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = await getT(request, "care");
  if (intent === "remove-pin") {
    clearKioskPin(db, r.id);
    return redirectWithToast(page, {
      type: "success",
      title: t("kiosk.pinRemoved"),
      description: t("kiosk.pinRemovedDetail", { name }),
    });
  }
  if (intent === "card") {
    if (!r.isActive || !r.kioskConsent)
      return data<ResidentKioskResult>({ pinError: t("kiosk.cardRefused") }, { status: 400 });
    const url = `${communityOrigin(request, community.subdomain)}/kiosk/card/${newKioskCard(db, r.id)}`;
    return data<ResidentKioskResult>({ card: { url, qrSvg: await qrSvg(url) } });
  }
  if (intent !== "save")
    return data<ResidentKioskResult>({ pinError: t("kiosk.wentWrong") }, { status: 400 });
  const consent = form.get("consent") === "on";
  const pin = String(form.get("pin") ?? "").trim();
  if (pin) {
    const problem = kioskPinProblem(pin, t);
    if (problem) return data<ResidentKioskResult>({ pinError: problem, consent }, { status: 400 });
  }
  setKioskConsent(db, r.id, consent);
  if (pin) await setKioskPin(db, r.id, pin);
  return redirectWithToast(page, {
    type: "success",
    title: t("kiosk.saved"),
    description: consent
      ? pin
        ? t("kiosk.appearsNewPin", { name })
        : t("kiosk.appears", { name })
      : t("kiosk.notShown", { name }),
  });
}
