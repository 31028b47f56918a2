// The residents list: one screen in ../__care-team, also served at /staff/residents.
export { residentsLoader as loader } from "../__care-team/residents.server";
export { ResidentsScreen as default } from "../__care-team/Residents";
