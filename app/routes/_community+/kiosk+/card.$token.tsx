// A resident's sign-in card: its QR code opens the kiosk with her chosen; her PIN is still asked.
// A lost card stops working when staff print a new one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireKiosk } from "~/utils/permissions.server";
import { residentForKioskCard } from "~/models/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireKiosk(request);
  const resident = residentForKioskCard(db, params.token ?? "");
  if (!resident) {
    const t = await getT(request, "kiosk");
    return redirectWithToast("/kiosk", {
      type: "error",
      title: t("card.notWorking"),
      description: t("card.notWorkingDetail"),
    });
  }
  return redirect(`/kiosk/residents/${resident.id}`);
}
