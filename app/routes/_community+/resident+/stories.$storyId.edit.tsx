// Edit one of the resident's own stories: title, content, category and image. A published story
// (or one that was not approved) goes back for review, and the resident is told so.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireResidentMember } from "~/utils/permissions.server";
import { notFound } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { mediaUrl } from "~/models/media-urls";
import { getStoryOfResident, updateStoryOfResident } from "~/models/story.server";
import { discardNewImage } from "~/models/resident-story.server";
import { readStoryForm } from "./story-form.server";
import { StoryForm } from "~/components/resident/StoryForm";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "resident")("edit.title")) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, resident } = await requireResidentMember(request);
  const story = getStoryOfResident(db, resident.id, params.storyId ?? "");
  if (!story) throw notFound((await getT(request, "resident"))("storyNotFound"));
  return {
    story: {
      id: story.id,
      title: story.title,
      content: story.content,
      category: story.category,
      imageId: story.imageId,
      reviewStatus: story.reviewStatus,
      lang: story.lang,
    },
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, community, db, resident } = await requireResidentMember(request);
  const id = params.storyId ?? "";
  const t = await getT(request, "resident");
  if (!getStoryOfResident(db, resident.id, id)) throw notFound(t("storyNotFound"));
  const read = await readStoryForm(request, db, community, user, { allowRemove: true });
  if (!read.ok) return read.reply;
  const { value, image } = read;
  let result;
  try {
    result = updateStoryOfResident(
      db,
      community,
      resident.id,
      id,
      {
        title: value.title,
        content: value.content,
        category: value.category,
        imageId: image.kind === "new" ? image.imageId : image.kind === "remove" ? null : undefined,
      },
      user,
    );
  } catch (error) {
    discardNewImage(db, community, image);
    console.error("Updating a story failed", error);
    return redirectWithToast("/resident", {
      type: "error",
      title: t("toast.updateFailed"),
      description: t("toast.tryAgain"),
    });
  }
  if (!result) throw notFound(t("storyNotFound"));
  if (image.kind === "lost") {
    return redirectWithToast("/resident", {
      type: "error",
      title: t("toast.imageFailed"),
      description: t("toast.tryAgain"),
    });
  }
  if (result.sentBackForReview) {
    return redirectWithToast("/resident", {
      type: "info",
      title: t("toast.updatedForReview"),
      description:
        result.previousStatus === "published" ? t("toast.familyAgain") : t("toast.readAgain"),
    });
  }
  return redirectWithToast("/resident", { type: "success", title: t("toast.updated") });
}

export default function EditStoryPage() {
  const { story } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("resident");
  return (
    <section className="card mx-auto max-w-3xl" aria-labelledby="edit-story-heading">
      <p className="mb-2">
        <Link to="/resident" className="link">
          {t("backToDashboard")}
        </Link>
      </p>
      <h1 id="edit-story-heading" className="page-title mb-2">
        {t("edit.title")}
      </h1>
      {story.reviewStatus === "published" ? (
        <p
          className="mb-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-lg"
          role="note"
        >
          {t("edit.publishedNote")}
        </p>
      ) : story.reviewStatus === "rejected" ? (
        <p
          className="mb-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-lg"
          role="note"
        >
          {t("edit.rejectedNote")}
        </p>
      ) : null}
      <StoryForm
        id="edit-story"
        action={`/resident/stories/${story.id}/edit`}
        lastResult={lastResult}
        defaultValue={{ title: story.title, content: story.content, category: story.category }}
        existingImage={
          story.imageId
            ? {
                url: mediaUrl(story.imageId, 800),
                alt: t("edit.currentPicture", { title: story.title }),
              }
            : null
        }
        submitLabel={t("edit.submit")}
      />
    </section>
  );
}
