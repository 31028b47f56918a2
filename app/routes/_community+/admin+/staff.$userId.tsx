// A staff member's name, email and role.
export {
  editStaffLoader as loader,
  editStaffAction as action,
  editStaffPolicy as policy,
} from "./__staff/staff.server";
export { EditStaffDialog as default } from "./__staff/Staff";
