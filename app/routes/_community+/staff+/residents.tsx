// The residents list (search, sort, filter, pages, bulk actions): one screen in ../__care-team, also served at /admin/residents.
export { residentListLoader as loader } from "../__care-team/residents-list.server";
export { ResidentsScreen as default } from "../__care-team/ResidentsList";
