// A recorded story on its page: the recording with captions (a WebVTT track from the same word
// times), and its text, in which the word being said is highlighted as it plays; a word clicked
// or tapped plays from there. Without JavaScript the text is plain paragraphs and the player
// still has its captions.
import { Fragment, useEffect, useRef } from "react";
import { useNonce } from "~/utils/nonce";
import { isWordToken, transcriptParagraphs } from "~/models/transcript-timing";
import { languageName } from "~/utils/whisper-languages";
import { useLang, useT } from "~/utils/i18n";
import { formatDuration } from "~/components/record/wizard";

export type Listening = { starts: number[]; language: string; captionsUrl: string } | null;

/**
 * The recording's player. Its length comes from the server (measured when the file was stored), so
 * it shows before anything is loaded, also for a browser's WebM, which names no length of its own.
 */
export function StoryAudio({
  src,
  firstName,
  listening,
  durationSeconds = null,
}: {
  src: string;
  firstName: string;
  listening: Listening;
  /** the recording's length in seconds, when known */
  durationSeconds?: number | null;
}) {
  const t = useT("story");
  const td = useT("details");
  const lang = useLang();
  const length = durationSeconds && durationSeconds > 0 ? formatDuration(durationSeconds) : null;
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the captions track is there whenever the words have times; otherwise the transcript is the story text below */}
      <audio
        controls
        preload="none"
        src={src}
        className="w-full"
        id="story-audio"
        data-testid="story-audio"
      >
        {listening ? (
          <track
            kind="captions"
            src={listening.captionsUrl}
            srcLang={listening.language}
            label={t("listen.captions", { language: languageName(listening.language, lang) })}
            default
          />
        ) : null}
        <a href={src}>{t("listen.download", { name: firstName })}</a>
      </audio>
      {length ? (
        <p className="mt-2 text-base text-stone-700" data-testid="story-audio-length">
          {td("listen.length", { length })}
        </p>
      ) : null}
    </>
  );
}

/**
 * Makes the words in `root` follow the recording: the word being said is highlighted as it plays,
 * and a word clicked or tapped plays from there. Self-contained (no imports, no outer names): the
 * story page, which ships no app JavaScript (ADR 018), runs this very function as its one inline
 * script; when the app already runs in the browser (a client-side navigation), an effect calls it.
 */
export function startFollowAlong(root: HTMLElement, starts: number[]): () => void {
  const audio = document.getElementById("story-audio") as HTMLAudioElement | null;
  if (!audio) return () => {};
  const words = Array.from(root.querySelectorAll<HTMLElement>("[data-word]"));
  const at = (ms: number) => {
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
  };
  let current = -1;
  let frame = 0;
  const show = () => {
    const index = at(audio.currentTime * 1000);
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
    const index = word ? words.indexOf(word) : -1;
    if (index < 0) return;
    audio.currentTime = (starts[index] ?? 0) / 1000;
    show();
    void audio.play().catch(() => {});
  };
  audio.addEventListener("play", onPlay);
  audio.addEventListener("timeupdate", show);
  audio.addEventListener("seeked", show);
  root.addEventListener("click", onClick);
  root.setAttribute("data-follow-along", "on");
  return () => {
    cancelAnimationFrame(frame);
    audio.removeEventListener("play", onPlay);
    audio.removeEventListener("timeupdate", show);
    audio.removeEventListener("seeked", show);
    root.removeEventListener("click", onClick);
    root.removeAttribute("data-follow-along");
  };
}

/**
 * The story's text. With word times each word is its own (unstyled) span, so that the recording
 * can be followed: by the inline script after the text on a full page load, by an effect when the
 * app runs in the browser already. Without JavaScript the spans are plain text.
 */
export function FollowAlongText({
  text,
  listening,
  lang,
}: {
  text: string;
  listening: Listening;
  /** the language the story is told in */
  lang?: string;
}) {
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  const paragraphs = transcriptParagraphs(text);
  const timed = !!listening && listening.starts.length > 0;
  const starts = listening?.starts;

  useEffect(() => {
    if (!starts?.length || !container.current) return;
    return startFollowAlong(container.current, starts);
  }, [starts]);

  return (
    <>
      <div
        ref={container}
        id="story-text"
        lang={lang}
        className="story-text space-y-5 [&_[data-now]]:rounded [&_[data-now]]:bg-amber-200 [&_[data-now]]:text-black [&_[data-now]]:shadow-[0_0_0_2px_theme(colors.amber.200)] [&[data-follow-along=on]_[data-word]]:cursor-pointer"
        data-testid="story-text"
      >
        {paragraphs.map((tokens, p) => (
          <p key={p} className="whitespace-pre-line">
            {timed
              ? tokens.map((t, i) =>
                  isWordToken(t) ? (
                    <span key={i} data-word="">
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
      {timed ? (
        // a full page load of the story page has no other script; under React this element is inert
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `(${startFollowAlong.toString()})(document.getElementById("story-text"),${JSON.stringify(starts)});`,
          }}
        />
      ) : null}
    </>
  );
}
