// The lounge kiosk's pages (ADR 017): their own frame, no site header. Each page checks
// the kiosk (requireKiosk) or the resident's kiosk session (requireKioskResident) itself.
import { Outlet } from "@remix-run/react";

export const handle = { ownHeader: true };

export default function KioskLayout() {
  return <Outlet />;
}
