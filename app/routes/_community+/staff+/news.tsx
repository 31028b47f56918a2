// The news list: one screen in ../__care-team, also served at /admin/news; its old address /staff/bulletin redirects here.
export { newsLoader as loader } from "../__care-team/news.server";
export { NewsScreen as default } from "../__care-team/News";
