// One of her own stories at the kiosk: its recording, its words, and what her family said.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { getStoryOfResident } from "~/models/story.server";
import { listComments } from "~/models/comment.server";
import { mediaUrl } from "~/models/media-urls";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { CommentList } from "~/components/story/CommentList";
import { StoryDate } from "~/components/resident/StoryDate";
import { frameOf } from "./__kiosk.server";

export const meta: MetaFunction = () => [{ title: "My story · Storyloom" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  // only her own story: the resident is in the query
  const story = getStoryOfResident(ctx.db, ctx.resident.id, params.storyId ?? "");
  if (!story) throw new Response("We could not find that story.", { status: 404 });
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    story: {
      id: story.id,
      title: story.title,
      content: story.content,
      createdAt: story.createdAt,
      audioUrl: story.audioId ? mediaUrl(story.audioId) : null,
      imageUrl: story.imageId ? mediaUrl(story.imageId, 800) : null,
      helperName: story.helperName,
    },
    comments: listComments(ctx.db, story.id),
  };
}

export default function KioskStory() {
  const { frame, story, comments } = useLoaderData<typeof loader>();
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to="/kiosk/stories" className="btn-secondary">
          <span aria-hidden="true">←</span> My stories
        </Link>
      </div>
      <article className="card mb-6" aria-labelledby="story-title">
        <h1 id="story-title" className="page-title mb-2">
          {story.title}
        </h1>
        <StoryDate iso={story.createdAt} />
        {story.helperName ? (
          <p className="text-lg text-stone-700" data-testid="told-with-help">
            Told with help from {story.helperName}
          </p>
        ) : null}
        {story.imageUrl ? <img src={story.imageUrl} alt="" className="my-4 max-h-96 rounded-lg object-cover" /> : null}
        {story.audioUrl ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- her own recording, its words are printed right below
          <audio controls preload="none" src={story.audioUrl} className="my-4 w-full" aria-label={`Listen: ${story.title}`} />
        ) : null}
        <div className="whitespace-pre-line text-xl leading-relaxed">{story.content}</div>
      </article>
      <section aria-labelledby="comments-title">
        <h2 id="comments-title" className="mb-3 text-2xl font-bold">
          What your family said
        </h2>
        <CommentList comments={comments} />
      </section>
    </KioskFrame>
  );
}
