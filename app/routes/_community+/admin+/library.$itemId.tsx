// Editing a library item's details: one screen in ../__care-team, also served at /staff/library/{itemId}.
export {
  editLibraryLoader as loader,
  editLibraryAction as action,
  editLibraryPolicy as policy,
} from "../__care-team/library.server";
export { EditLibraryDialog as default } from "../__care-team/Library";
