// A recorded story on its page: the recording with captions (a WebVTT track from the same word
// times), and its text, in which the word being said is highlighted as it plays; a word clicked
// or tapped plays from there. Without JavaScript the text is plain paragraphs and the player
// still has its captions.
import { Fragment, useEffect, useRef } from "react";
import { useHydrated } from "~/components/hydration";
import { isWordToken, transcriptParagraphs } from "~/models/transcript-timing";
import { languageName } from "~/utils/whisper-languages";

export type Listening = { starts: number[]; language: string; captionsUrl: string } | null;

/** The index of the word being said at `ms`: the last one that has begun. */
export function wordAt(starts: readonly number[], ms: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function StoryAudio({ src, firstName, listening }: { src: string; firstName: string; listening: Listening }) {
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the captions track is there whenever the words have times; otherwise the transcript is the story text below
    <audio controls preload="none" src={src} className="w-full" id="story-audio" data-testid="story-audio">
      {listening ? <track kind="captions" src={listening.captionsUrl} srcLang={listening.language} label={`${languageName(listening.language)} captions`} default /> : null}
      <a href={src}>Download {firstName}&apos;s recording</a>
    </audio>
  );
}

/** The story's text; with times and JavaScript, each word follows the recording. */
export function FollowAlongText({ text, listening }: { text: string; listening: Listening }) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const paragraphs = transcriptParagraphs(text);
  const timed = hydrated && !!listening && listening.starts.length > 0;

  useEffect(() => {
    if (!timed || !listening) return;
    const audio = document.getElementById("story-audio") as HTMLAudioElement | null;
    const root = container.current;
    if (!audio || !root) return;
    const words = Array.from(root.querySelectorAll<HTMLElement>("[data-word]"));
    let current = -1;
    let frame = 0;
    const show = () => {
      const index = wordAt(listening.starts, audio.currentTime * 1000);
      if (index === current) return;
      words[current]?.removeAttribute("data-now");
      current = index;
      words[current]?.setAttribute("data-now", "");
    };
    const follow = () => {
      show();
      frame = audio.paused ? 0 : requestAnimationFrame(follow);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    // pointer users jump to a word; keyboard users have the player's own controls and captions
    const onClick = (event: MouseEvent) => {
      const word = (event.target as HTMLElement).closest<HTMLElement>("[data-word]");
      if (!word) return;
      audio.currentTime = (listening.starts[Number(word.dataset.word)] ?? 0) / 1000;
      show();
      void audio.play().catch(() => {});
    };
    audio.addEventListener("play", onPlay);
    audio.addEventListener("timeupdate", show);
    audio.addEventListener("seeked", show);
    root.addEventListener("click", onClick);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener("play", onPlay);
      audio.removeEventListener("timeupdate", show);
      audio.removeEventListener("seeked", show);
      root.removeEventListener("click", onClick);
    };
  }, [timed, listening]);

  let index = 0;
  return (
    <div
      ref={container}
      className="story-text space-y-5 [&_[data-now]]:rounded [&_[data-now]]:bg-amber-200 [&_[data-now]]:text-black [&_[data-now]]:shadow-[0_0_0_2px_theme(colors.amber.200)] [&_[data-word]]:cursor-pointer"
      data-testid="story-text"
      data-follow-along={timed ? "on" : undefined}
    >
      {paragraphs.map((tokens, p) => (
        <p key={p} className="whitespace-pre-line">
          {timed
            ? tokens.map((t, i) =>
                isWordToken(t) ? (
                  <span key={i} data-word={index++}>
                    {t.text}
                  </span>
                ) : (
                  <Fragment key={i}>{t.text}</Fragment>
                ),
              )
            : tokens.map((t) => t.text).join("")}
        </p>
      ))}
    </div>
  );
}
