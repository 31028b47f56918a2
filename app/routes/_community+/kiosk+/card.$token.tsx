// A resident's sign-in card: its QR code opens the kiosk with her chosen; her PIN is still asked.
// A lost card stops working when staff print a new one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireKiosk } from "~/utils/permissions.server";
import { residentForKioskCard } from "~/models/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await requireKiosk(request);
  const resident = residentForKioskCard(db, params.token ?? "");
  if (!resident)
    return redirectWithToast("/kiosk", {
      type: "error",
      title: "This card does not work any more",
      description: "Please choose your photo, or ask a member of staff for a new card.",
    });
  return redirect(`/kiosk/residents/${resident.id}`);
}
