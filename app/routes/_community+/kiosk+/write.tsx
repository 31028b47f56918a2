// "Write a story" at the kiosk: the resident's typed story form and the same model function as
// /resident/stories/new (writeResidentStory), with the kiosk session as her identity. ?questionId=
// answers a family question. Saving ends the session and goes back to the grid.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { endKioskSession } from "~/utils/kiosk.server";
import { redirectWithToast } from "~/utils/toast.server";
import { discardNewImage, writeResidentStory } from "~/models/resident-story.server";
import { getQuestionForResident } from "~/models/family-question.server";
import { StoryForm } from "~/components/resident/StoryForm";
import { whoShared } from "~/components/resident/FamilySharing";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { readStoryForm } from "../resident+/story-form.server";
import { frameOf } from "./__kiosk.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Write a story") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const questionId = new URL(request.url).searchParams.get("questionId");
  const question = questionId ? getQuestionForResident(ctx.db, ctx.resident.id, questionId) : null;
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    question: question
      ? { id: question.id, text: question.question, askedBy: whoShared(question.familyMember) }
      : null,
  };
}

export const policy = { body: "photo" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireKioskResident(request);
  const { community, db, resident, actor } = ctx;
  const read = await readStoryForm(request, db, community, actor, { allowRemove: false });
  if (!read.ok) return read.reply;
  const { value, image } = read;
  try {
    writeResidentStory(db, {
      residentId: resident.id,
      author: actor,
      fields: value,
      imageId: image.kind === "new" ? image.imageId : null,
      questionId: value.questionId,
      helper: ctx.helper,
      audience: value.audience,
    });
  } catch (error) {
    discardNewImage(db, community, image);
    console.error("Saving a kiosk story failed", error);
    return redirectWithToast("/kiosk/write", {
      type: "error",
      title: "Failed to save story",
      description: "Please try again, or ask a member of staff for help.",
    });
  }
  endKioskSession(db, ctx.kiosk.id);
  return redirectWithToast("/kiosk", {
    type: "success",
    title: `Thank you, ${resident.firstName}. Your story is saved.`,
    description: "An administrator reads it before your family sees it.",
  });
}

export default function KioskWrite() {
  const { frame, question } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Write a story</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> Back
        </Link>
      </div>
      <section className="card">
        {question ? (
          <div className="mb-4 rounded-lg border-2 border-brand-100 bg-brand-50 p-4">
            <p className="text-lg font-semibold">{question.askedBy} asked:</p>
            <p className="text-xl">“{question.text}”</p>
          </div>
        ) : null}
        <StoryForm
          id="kiosk-story"
          action={
            question ? `/kiosk/write?questionId=${encodeURIComponent(question.id)}` : "/kiosk/write"
          }
          lastResult={lastResult}
          questionId={question?.id}
          withImage={false}
          chooseAudience={{ communityName: frame.communityName }}
        />
      </section>
    </KioskFrame>
  );
}
