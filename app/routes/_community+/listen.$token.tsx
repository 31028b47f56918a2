// /listen/{token}: where a QR code in the printed life-story book leads: the story's
// recording, playing without signing in. The link is signed and revocable; a withdrawn or private
// story stops playing.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordingOfLink } from "~/models/life-book.server";
import { requireTenant } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const listen = metaT(matches, "story")("listen.badge");
  return [{ title: data ? pageTitle(matches, data.title, listen) : pageTitle(matches, listen) }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community } = requireTenant(request);
  const token = params.token ?? "";
  const found = recordingOfLink(db, token);
  if (!found)
    throw new Response((await getT(request, "story"))("listen.linkInvalid"), {
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
  const t = useT("story");
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="listen-title">
      <p className="text-base text-stone-700">{t("listen.from", { community: communityName })}</p>
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
