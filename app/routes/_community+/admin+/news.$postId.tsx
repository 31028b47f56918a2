// Editing a post: one screen in ../__care-team, also served at /staff/news/{postId}.
export {
  editNewsLoader as loader,
  editNewsAction as action,
  editNewsPolicy as policy,
} from "../__care-team/news.server";
export { EditNewsDialog as default } from "../__care-team/News";
