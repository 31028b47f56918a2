// Tell Your Story: a typed story (title and content required, category, optional image), sent for
// review. A page without JavaScript; the dashboard opens the same form in a dialog with it.
// ?questionId= answers a family member's question: the question becomes the story's prompt.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireResidentMember } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { discardNewImage, writeResidentStory } from "~/models/resident-story.server";
import { readStoryForm } from "./story-form.server";
import { getQuestionForResident } from "~/models/family-question.server";
import { StoryForm } from "~/components/resident/StoryForm";
import { whoShared } from "~/components/resident/FamilySharing";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "resident")("tellStory")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, resident, community } = await requireResidentMember(request);
  const questionId = new URL(request.url).searchParams.get("questionId");
  const question = questionId ? getQuestionForResident(db, resident.id, questionId) : null;
  return {
    communityName: community.name,
    question: question
      ? { id: question.id, text: question.question, askedBy: whoShared(question.familyMember) }
      : null,
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { user, community, db, resident } = await requireResidentMember(request);
  const read = await readStoryForm(request, db, community, user, { allowRemove: false });
  if (!read.ok) return read.reply;
  const t = await getT(request, "resident");
  const { value, image } = read;
  try {
    writeResidentStory(db, {
      residentId: resident.id,
      author: user,
      fields: value,
      imageId: image.kind === "new" ? image.imageId : null,
      questionId: value.questionId,
      audience: value.audience,
    });
  } catch (error) {
    discardNewImage(db, community, image);
    console.error("Saving a story failed", error);
    return redirectWithToast("/resident", {
      type: "error",
      title: t("record:save.failed"),
      description: t("toast.tryAgain"),
    });
  }
  if (image.kind === "lost") {
    return redirectWithToast("/resident", {
      type: "error",
      title: t("toast.imageFailed"),
      description: t("toast.tryAgain"),
    });
  }
  return redirectWithToast("/resident", { type: "success", title: t("toast.saved") });
}

export default function NewStoryPage() {
  const { question, communityName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = useT("resident");
  return (
    <section className="card mx-auto max-w-3xl" aria-labelledby="new-story-heading">
      <p className="mb-2">
        <Link to="/resident" className="link">
          {t("backToDashboard")}
        </Link>
      </p>
      <h1 id="new-story-heading" className="page-title mb-2">
        {t("tellStory")}
      </h1>
      {question ? (
        <div className="mb-4 rounded-lg border-2 border-brand-100 bg-brand-50 p-4">
          <p className="text-base font-semibold">
            {t("question.asked", { name: question.askedBy })}
          </p>
          <p className="text-lg">“{question.text}”</p>
        </div>
      ) : (
        <p className="mb-4 text-lg">{t("new.intro")}</p>
      )}
      <StoryForm
        id="new-story"
        action={
          question
            ? `/resident/stories/new?questionId=${encodeURIComponent(question.id)}`
            : "/resident/stories/new"
        }
        lastResult={lastResult}
        questionId={question?.id}
        chooseAudience={{ communityName }}
      />
    </section>
  );
}
