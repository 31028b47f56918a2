// A new sign-in (link or temporary password) for a staff member who lost theirs.
export {
  resetStaffLoader as loader,
  resetStaffAction as action,
  resetStaffPolicy as policy,
} from "./__staff/staff.server";
export { ResetStaffDialog as default } from "./__staff/Staff";
