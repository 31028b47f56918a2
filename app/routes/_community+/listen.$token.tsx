// /listen/{token}: where a QR code in the printed life-story book leads: the story's
// recording, playing without signing in. The link is signed and revocable; a withdrawn or private
// story stops playing.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordingOfLink } from "~/models/life-book.server";
import { requireTenant } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? pageTitle(matches, data.title, "Listen") : pageTitle(matches, "Listen") },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = requireTenant(request);
  const token = params.token ?? "";
  const found = recordingOfLink(db, token);
  if (!found)
    throw new Response("This recording link is not valid any more.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return {
    title: found.story.title,
    communityName: community.name,
    audioUrl: `/listen/${encodeURIComponent(token)}/audio`,
  };
}

export default function ListenPage() {
  const { title, communityName, audioUrl } = useLoaderData<typeof loader>();
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="listen-title">
      <p className="text-base text-stone-700">A story from {communityName}</p>
      <h1 id="listen-title" className="page-title mb-4">
        {title}
      </h1>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the words are printed in the book beside the code that led here */}
      <audio
        controls
        preload="metadata"
        src={audioUrl}
        className="w-full"
        data-testid="listen-audio"
      />
    </section>
  );
}
