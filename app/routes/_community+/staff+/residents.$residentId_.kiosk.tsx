// A resident's kiosk consent, PIN and sign-in card: one screen in ../__care-team, also served at /admin/residents/{residentId}/kiosk.
export {
  residentKioskLoader as loader,
  residentKioskAction as action,
  residentKioskPolicy as policy,
} from "../__care-team/resident-kiosk.server";
export { ResidentKioskDialog as default } from "../__care-team/ResidentKiosk";
