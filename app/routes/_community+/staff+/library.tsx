// The picture and music library: one screen in ../__care-team, also served at /admin/library.
export {
  libraryLoader as loader,
  libraryAction as action,
  libraryPolicy as policy,
} from "../__care-team/library.server";
export { LibraryScreen as default } from "../__care-team/Library";
