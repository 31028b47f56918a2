// The printable resident directory: one screen in ../__care-team, also served at /admin/residents/print.
export { residentsPrintLoader as loader } from "../__care-team/resident-actions.server";
export { ResidentsPrintPage as default } from "../__care-team/ResidentActions";
