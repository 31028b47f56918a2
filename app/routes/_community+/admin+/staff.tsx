// The community's staff and administrators (/admin/staff), administrators only.
export { staffListLoader as loader } from "./__staff/staff.server";
export { StaffScreen as default } from "./__staff/Staff";
