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

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit story") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, resident } = await requireResidentMember(request);
  const story = getStoryOfResident(db, resident.id, params.storyId ?? "");
  if (!story) throw notFound("Story not found");
  return {
    story: {
      id: story.id,
      title: story.title,
      content: story.content,
      category: story.category,
      imageId: story.imageId,
      reviewStatus: story.reviewStatus,
    },
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, community, db, resident } = await requireResidentMember(request);
  const id = params.storyId ?? "";
  if (!getStoryOfResident(db, resident.id, id)) throw notFound("Story not found");
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
      title: "Failed to update story",
      description: "Please try again or contact support if the problem persists.",
    });
  }
  if (!result) throw notFound("Story not found");
  if (image.kind === "lost") {
    return redirectWithToast("/resident", {
      type: "error",
      title: "Failed to add image",
      description: "Please try again or contact support if the problem persists.",
    });
  }
  if (result.sentBackForReview) {
    return redirectWithToast("/resident", {
      type: "info",
      title: "Your story has been updated and sent for review",
      description:
        result.previousStatus === "published"
          ? "Your family will see it again once an administrator approves it."
          : "An administrator will read it again.",
    });
  }
  return redirectWithToast("/resident", { type: "success", title: "Your story has been updated" });
}

export default function EditStoryPage() {
  const { story } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="card mx-auto max-w-3xl" aria-labelledby="edit-story-heading">
      <p className="mb-2">
        <Link to="/resident" className="link">
          Back to Dashboard
        </Link>
      </p>
      <h1 id="edit-story-heading" className="page-title mb-2">
        Edit story
      </h1>
      {story.reviewStatus === "published" ? (
        <p
          className="mb-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-lg"
          role="note"
        >
          This story is published. When you save changes it goes back for review, and your family
          will see it again once an administrator approves it.
        </p>
      ) : story.reviewStatus === "rejected" ? (
        <p
          className="mb-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-lg"
          role="note"
        >
          When you save changes this story is sent for review again.
        </p>
      ) : null}
      <StoryForm
        id="edit-story"
        action={`/resident/stories/${story.id}/edit`}
        lastResult={lastResult}
        defaultValue={{ title: story.title, content: story.content, category: story.category }}
        existingImage={
          story.imageId
            ? { url: mediaUrl(story.imageId, 800), alt: `Current picture for "${story.title}"` }
            : null
        }
        submitLabel="Save Changes"
      />
    </section>
  );
}
