// Deleting a post: one screen in ../__care-team, also served at /staff/news/{postId}/delete.
export {
  deleteNewsLoader as loader,
  deleteNewsAction as action,
  deleteNewsPolicy as policy,
} from "../__care-team/news.server";
export { DeleteNewsDialog as default } from "../__care-team/News";
