// The browser recorder: MediaRecorder with echo cancellation, noise
// suppression and auto gain, webm/opus in one-second chunks (mp4 where the browser records only
// that), pause and resume, a clock that counts only while recording, auto-stop at the maximum.
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "~/components/layout/Toaster";
import { useT } from "~/utils/i18n";
import { formatDuration, MAX_RECORDING_SECONDS } from "./wizard";

/** What the recorder is doing; its words are the `record` catalog's `recorder.{status}`. */
export type RecorderStatus = "idle" | "recording" | "paused" | "recorded";

const MIME_CANDIDATES = [
  "audio/webm;codecs=opus",
  "audio/webm",
  "audio/mp4",
  "audio/ogg;codecs=opus",
];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined" || typeof MediaRecorder.isTypeSupported !== "function")
    return undefined;
  return MIME_CANDIDATES.find((t) => MediaRecorder.isTypeSupported(t));
}

export function extensionFor(mimeType: string): string {
  if (mimeType.includes("mp4")) return "m4a";
  if (mimeType.includes("ogg")) return "ogg";
  return "webm";
}

export type Recording = { blob: Blob; seconds: number; mimeType: string };

export function AudioRecorder({
  onRecorded,
  startDisabled = false,
  maxSeconds = MAX_RECORDING_SECONDS,
  onStatus,
}: {
  /** called once when a recording stops, with its length in seconds */
  onRecorded: (recording: Recording) => void;
  /** told of each change of what the recorder is doing (a circle places its taps by it) */
  onStatus?: (status: RecorderStatus) => void;
  /** while a transcription is pending no new recording can start */
  startDisabled?: boolean;
  maxSeconds?: number;
}) {
  const t = useT("record");
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [seconds, setSeconds] = useState(0);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const secondsRef = useRef(0);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const onRecordedRef = useRef(onRecorded);
  // the latest callback for the recorder's stop event, updated after render (not during it)
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });
  const onStatusRef = useRef(onStatus);
  useEffect(() => {
    onStatusRef.current = onStatus;
  });
  useEffect(() => {
    onStatusRef.current?.(status);
  }, [status]);

  const stopTracks = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  };

  // the clock ticks each second, only while recording
  useEffect(() => {
    if (status !== "recording") return;
    const timer = setInterval(() => {
      secondsRef.current += 1;
      setSeconds(secondsRef.current);
    }, 1000);
    return () => clearInterval(timer);
  }, [status]);

  useEffect(
    () => () => {
      if (recorderRef.current && recorderRef.current.state !== "inactive")
        recorderRef.current.stop();
      stopTracks();
    },
    [],
  );

  useEffect(
    () => () => {
      if (audioUrl) URL.revokeObjectURL(audioUrl);
    },
    [audioUrl],
  );

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === "inactive") return;
    recorder.stop();
    showToast({ type: "success", title: t("recorder.stopped") });
  }, [t]);

  // auto-stop at the maximum
  useEffect(() => {
    if (status === "recording" && seconds >= maxSeconds) stop();
  }, [status, seconds, maxSeconds, stop]);

  async function start() {
    if (startDisabled) return;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined")
        throw new Error("no recorder");
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      streamRef.current = stream;
      const mimeType = pickMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      recorderRef.current = recorder;
      chunksRef.current = [];
      secondsRef.current = 0;
      setSeconds(0);
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunksRef.current.push(e.data);
      };
      recorder.onstop = () => {
        const type = recorder.mimeType || mimeType || "audio/webm";
        const blob = new Blob(chunksRef.current, { type });
        stopTracks();
        setAudioUrl(URL.createObjectURL(blob));
        setStatus("recorded");
        // handed over at once, with its length
        onRecordedRef.current({ blob, seconds: secondsRef.current, mimeType: type });
      };
      recorder.start(1000);
      setStatus("recording");
      showToast({ type: "success", title: t("recorder.started") });
    } catch {
      stopTracks();
      setStatus("idle");
      showToast({
        type: "error",
        title: t("recorder.failed"),
        description: t("recorder.allowMicrophone"),
      });
    }
  }

  function pauseOrResume() {
    const recorder = recorderRef.current;
    if (!recorder) return;
    if (recorder.state === "recording") {
      recorder.pause();
      setStatus("paused");
      showToast({ type: "success", title: t("recorder.pausedToast") });
    } else if (recorder.state === "paused") {
      recorder.resume();
      setStatus("recording");
      showToast({ type: "success", title: t("recorder.resumed") });
    }
  }

  function togglePlayback() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused)
      void audio.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    else {
      audio.pause();
      setPlaying(false);
    }
  }

  function reset() {
    if (recorderRef.current && recorderRef.current.state !== "inactive") {
      recorderRef.current.onstop = null;
      recorderRef.current.stop();
    }
    stopTracks();
    audioRef.current?.pause();
    recorderRef.current = null;
    chunksRef.current = [];
    secondsRef.current = 0;
    setSeconds(0);
    setPlaying(false);
    setAudioUrl(null);
    setStatus("idle");
    showToast({ type: "success", title: t("recorder.resetToast") });
  }

  // the button just pressed (Start, Stop, Reset) leaves the page with its state: keyboard focus moves
  // to the control that takes its place instead of falling back to the page
  const startRef = useRef<HTMLButtonElement | null>(null);
  const pauseRef = useRef<HTMLButtonElement | null>(null);
  const playRef = useRef<HTMLButtonElement | null>(null);
  const statusRef = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    const next =
      status === "idle"
        ? startRef.current
        : status === "recording" || status === "paused"
          ? pauseRef.current
          : (playRef.current ?? statusRef.current);
    next?.focus();
  }, [status]);

  const percent = Math.min(100, Math.round((seconds / maxSeconds) * 100));
  const active = status === "recording" || status === "paused";

  return (
    <div
      className="rounded-xl border-2 border-stone-300 bg-stone-50 p-5"
      data-testid="audio-recorder"
      data-busy={active ? "true" : undefined}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p
          ref={statusRef}
          tabIndex={-1}
          className="text-xl font-bold"
          role="status"
          aria-live="polite"
          data-testid="recorder-status"
        >
          {status === "recording" ? (
            <span
              aria-hidden="true"
              className="mr-2 inline-block h-3 w-3 animate-pulse rounded-full bg-red-700"
            />
          ) : null}
          {t(`recorder.${status}`)}
        </p>
        <p
          className="font-mono text-2xl font-bold tabular-nums"
          aria-label={t("recorder.elapsedLabel", {
            time: formatDuration(seconds),
            max: formatDuration(maxSeconds),
          })}
        >
          <span data-testid="recorder-elapsed">{formatDuration(seconds)}</span>
          <span className="text-lg font-normal text-stone-700">
            {" "}
            / {formatDuration(maxSeconds)}
          </span>
        </p>
      </div>
      <div
        className="mb-4 h-4 w-full overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label={t("recorder.length")}
        aria-valuemin={0}
        aria-valuemax={maxSeconds}
        aria-valuenow={Math.min(seconds, maxSeconds)}
        aria-valuetext={t("recorder.lengthValue", {
          time: formatDuration(seconds),
          max: formatDuration(maxSeconds),
        })}
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex flex-wrap gap-3">
        {status === "idle" ? (
          <button
            ref={startRef}
            type="button"
            className="btn-primary"
            onClick={start}
            disabled={startDisabled}
          >
            <span aria-hidden="true">●</span> {t("prompt.startRecording")}
          </button>
        ) : null}
        {active ? (
          <>
            <button ref={pauseRef} type="button" className="btn-secondary" onClick={pauseOrResume}>
              {status === "paused" ? t("recorder.resume") : t("recorder.pause")}
            </button>
            <button type="button" className="btn-primary" onClick={stop}>
              <span aria-hidden="true">■</span> {t("recorder.stop")}
            </button>
          </>
        ) : null}
        {status === "recorded" && audioUrl ? (
          <>
            <button
              ref={playRef}
              type="button"
              className="btn-secondary"
              onClick={togglePlayback}
              aria-pressed={playing}
            >
              {playing ? t("recorder.pausePreview") : t("recorder.playPreview")}
            </button>
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the speaker's own recording, just made, played back to them; it has no words on file yet (its transcript comes in the next step) */}
            <audio
              ref={audioRef}
              src={audioUrl}
              onEnded={() => setPlaying(false)}
              className="hidden"
            />
          </>
        ) : null}
        {status !== "idle" ? (
          <button
            type="button"
            className="btn-ghost"
            onClick={reset}
            disabled={startDisabled && status === "recorded"}
          >
            {t("recorder.reset")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
