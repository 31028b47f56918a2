// Delete one of the resident's own stories: a confirmation page (JavaScript opens the same form in
// a dialog on the dashboard), then a POST that removes the story and its files.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireResidentMember } from "~/utils/permissions.server";
import { notFound } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";
import { deleteStoryOfResident, getStoryOfResident } from "~/models/story.server";
import { DeleteStoryForm } from "~/components/resident/DeleteStoryForm";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "resident")("delete.title")) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, resident } = await requireResidentMember(request);
  const story = getStoryOfResident(db, resident.id, params.storyId ?? "");
  if (!story) throw notFound((await getT(request, "resident"))("storyNotFound"));
  return { story: { id: story.id, title: story.title, lang: story.lang } };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, db, resident } = await requireResidentMember(request);
  const t = await getT(request, "resident");
  let deleted: boolean;
  try {
    deleted = deleteStoryOfResident(db, community, resident.id, params.storyId ?? "");
  } catch (error) {
    console.error("Deleting a story failed", error);
    return redirectWithToast("/resident", {
      type: "error",
      title: t("toast.deleteFailed"),
      description: t("toast.tryAgain"),
    });
  }
  if (!deleted) throw notFound(t("storyNotFound"));
  return redirectWithToast("/resident", { type: "success", title: t("toast.deleted") });
}

export default function DeleteStoryPage() {
  const { story } = useLoaderData<typeof loader>();
  const t = useT("resident");
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="delete-story-title">
      <h1 id="delete-story-title" className="page-title mb-4">
        {t("delete.title")}
      </h1>
      <DeleteStoryForm storyId={story.id} title={story.title} lang={story.lang} />
    </section>
  );
}
