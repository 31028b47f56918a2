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
import { AREAS, areaOf } from "./areas";
import { requireArea, type AreaName } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { getT } from "~/utils/i18n.server";

export async function newsLoader({ request }: LoaderFunctionArgs) {
  const area = areaOf(request);
  const { db } = await requireArea(request, area);
  return { posts: listNewsPosts(db) };
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
  const t = await getT(request, "care-content");
  const submission = parseWithZod(await request.formData(), { schema: NewsPostSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("news.failedCreate")] });
  // staff's news posts are published at once
  const values = cfg.chooseNewsPublished
    ? submission.value
    : { ...submission.value, isPublished: true };
  try {
    const post = createNewsPost(db, values, user);
    notifyIfNewlyPinned(db, community, null, post, user);
    return redirectWithToast(cfg.news, {
      type: "success",
      title: post.isPublished ? t("news.publishedToast") : t("news.savedDraft"),
      description: post.title,
    });
  } catch (error) {
    console.error("Creating a news post failed", error);
    return redirectWithToast(cfg.news, {
      type: "error",
      title: t("news.failedCreate"),
      description: t("tryAgain"),
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
  const t = await getT(request, "care-content");
  const before = getNewsPost(db, params.postId ?? "");
  if (!before)
    return redirectWithToast(cfg.news, {
      type: "error",
      title: t("news.failedUpdate"),
      description: t("news.gone"),
    });
  const submission = parseWithZod(await request.formData(), { schema: NewsPostSchema });
  if (submission.status !== "success")
    return submission.reply({ formErrors: [t("news.failedUpdate")] });
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
      title: t("news.failedUpdate"),
      description: t("tryAgain"),
    });
  notifyIfNewlyPinned(db, community, before, post, user);
  return redirectWithToast(cfg.news, {
    type: "success",
    title: t("news.updated"),
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
  const t = await getT(request, "care-content");
  const post = getNewsPost(db, params.postId ?? "");
  if (!post || !deleteNewsPost(db, post.id))
    return redirectWithToast(cfg.news, {
      type: "error",
      title: t("news.failedDelete"),
      description: t("news.gone"),
    });
  return redirectWithToast(cfg.news, {
    type: "success",
    title: t("news.deleted"),
    description: post.title,
  });
}
