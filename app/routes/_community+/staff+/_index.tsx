// /staff opens on the residents tab (the screen of ../__care-team/ResidentsList.tsx).
export { residentListLoader as loader } from "../__care-team/residents-list.server";
export { ResidentsScreen as default } from "../__care-team/ResidentsList";
