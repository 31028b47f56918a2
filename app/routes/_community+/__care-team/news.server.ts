// Loaders and actions of community news (/admin/news, /staff/news; /staff/bulletin is the old address of the staff's).
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewsPostSchema } from "~/models/admin-schemas.server";
import {
  createNewsPost,
  deleteNewsPost,
  getNewsPost,
  listNewsPosts,
  updateNewsPost,
} from "~/models/news.server";
import { notifyIfNewlyPinned } from "~/models/notification-events.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatShortDate } from "~/models/local-time";
import { AREAS, areaOf } from "./areas";
import { requireArea, type AreaName } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

const TRY_AGAIN = "Please try again or contact support if the problem persists.";

export async function newsLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db, community } = await requireArea(request, area);
  return {
    posts: listNewsPosts(db).map((p) => ({
      ...p,
      dateLabel: formatShortDate(p.createdAt, community.timeZone),
    })),
  };
}

export async function newNewsLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  await requireArea(request, area);
  return null;
}

export const newNewsPolicy = { body: "long text" } satisfies RoutePolicy;

export async function newNewsAction({ request }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, user, community } = await requireArea(request, area);
  const cfg = AREAS[area];
  const submission = parseWithZod(await request.formData(), { schema: NewsPostSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [cfg.failed.createNews] });
  // staff's news posts are published at once
  const values = cfg.chooseNewsPublished
    ? submission.value
    : { ...submission.value, isPublished: true };
  try {
    const post = createNewsPost(db, values, user);
    notifyIfNewlyPinned(db, community, null, post, user);
    return redirectWithToast(cfg.news, {
      type: "success",
      title: post.isPublished ? "News post published" : "Saved as a draft",
      description: post.title,
    });
  } catch (error) {
    console.error("Creating a news post failed", error);
    return redirectWithToast(cfg.news, {
      type: "error",
      title: cfg.failed.createNews,
      description: TRY_AGAIN,
    });
  }
}

function postOr404(request: Request, id: string | undefined, area: AreaName) {
  return requireArea(request, area).then((ctx) => {
    const post = getNewsPost(ctx.db, id ?? "");
    if (!post) throw new Response("404 Page Not Found", { status: 404 });
    return { ...ctx, post };
  });
}

export async function editNewsLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { post } = await postOr404(request, params.postId, area);
  return {
    post: {
      id: post.id,
      title: post.title,
      content: post.content,
      isPublished: post.isPublished,
      isPinned: post.isPinned,
    },
  };
}

export const editNewsPolicy = { body: "long text" } satisfies RoutePolicy;

export async function editNewsAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db, user, community } = await requireArea(request, area);
  const cfg = AREAS[area];
  const before = getNewsPost(db, params.postId ?? "");
  if (!before)
    return redirectWithToast(cfg.news, {
      type: "error",
      title: cfg.failed.updateNews,
      description: "This post no longer exists.",
    });
  const submission = parseWithZod(await request.formData(), { schema: NewsPostSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [cfg.failed.updateNews] });
  // staff do not change whether a post is published
  const { isPublished, ...rest } = submission.value;
  const post = updateNewsPost(
    db,
    params.postId ?? "",
    cfg.chooseNewsPublished ? { ...rest, isPublished } : rest,
    user,
  );
  if (!post)
    return redirectWithToast(cfg.news, {
      type: "error",
      title: cfg.failed.updateNews,
      description: TRY_AGAIN,
    });
  notifyIfNewlyPinned(db, community, before, post, user);
  return redirectWithToast(cfg.news, {
    type: "success",
    title: "Post updated",
    description: post.title,
  });
}

export async function deleteNewsLoader({ request, params }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { post } = await postOr404(request, params.postId, area);
  return { post: { id: post.id, title: post.title } };
}

export const deleteNewsPolicy = { body: "form" } satisfies RoutePolicy;

export async function deleteNewsAction({ request, params }: ActionFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  const cfg = AREAS[area];
  const post = getNewsPost(db, params.postId ?? "");
  if (!post || !deleteNewsPost(db, post.id))
    return redirectWithToast(cfg.news, {
      type: "error",
      title: "Failed to delete post",
      description: "This post no longer exists.",
    });
  return redirectWithToast(cfg.news, {
    type: "success",
    title: "Post deleted",
    description: post.title,
  });
}
