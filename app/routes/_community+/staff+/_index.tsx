// /staff opens on the residents tab (the screen of ../__care-team/Residents.tsx).
export { residentsLoader as loader } from "../__care-team/residents.server";
export { ResidentsScreen as default } from "../__care-team/Residents";
