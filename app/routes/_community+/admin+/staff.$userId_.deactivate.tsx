// Deactivating a staff member (asked first; their sessions end at once) and reactivating them.
export {
  deactivateStaffLoader as loader,
  deactivateStaffAction as action,
  deactivateStaffPolicy as policy,
} from "./__staff/staff.server";
export { DeactivateStaffDialog as default } from "./__staff/Staff";
