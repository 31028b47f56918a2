// Adding a staff member or administrator, with a one-time sign-in link or a temporary password.
export {
  newStaffLoader as loader,
  newStaffAction as action,
  newStaffPolicy as policy,
} from "./__staff/staff.server";
export { NewStaffDialog as default } from "./__staff/Staff";
