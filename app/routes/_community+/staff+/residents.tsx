// The residents list: one screen in ../__care-team, also served at /admin/residents.
export { residentsLoader as loader } from "../__care-team/residents.server";
export { ResidentsScreen as default } from "../__care-team/Residents";
