// Deleting a library item: one screen in ../__care-team, also served at /admin/library/{itemId}/delete.
export {
  deleteLibraryLoader as loader,
  deleteLibraryAction as action,
  deleteLibraryPolicy as policy,
} from "../__care-team/library.server";
export { DeleteLibraryDialog as default } from "../__care-team/Library";
