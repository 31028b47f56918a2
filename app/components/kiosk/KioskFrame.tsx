// The lounge kiosk's frame: the community's name, who is telling a story (and who
// helps), the time left and a big "I'm done". No site header, no account links. Without
// JavaScript a meta refresh ends the session when the time is up; with it a countdown that starts
// again on every tap or keystroke, and that tells the server so now and then.
import { Form, Link } from "@remix-run/react";
import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { useT, type T } from "~/utils/i18n";
import { initialsOfParts } from "~/utils/initials";

export type KioskFrameData = {
  communityName: string;
  kioskName: string;
  /** the resident whose session this is; null on the grid and the PIN pages */
  resident: { firstName: string; lastName: string } | null;
  helperName: string | null;
  /** seconds until the session ends without input */
  secondsLeft: number | null;
  /**
   * How the 2 minutes show. "countdown": a countdown with JavaScript, a refresh to the start
   * without. "writing" (a story being written): no refresh, and the countdown never leaves a page
   * whose form has words in it (sent late, the form takes the turn up again). "waiting" (a
   * recording at its preview): no countdown at all.
   */
  timer: "countdown" | "writing" | "waiting";
  /** the turn's signed token: "I'm done" after the 2 minutes still asks about her recording */
  turn: string | null;
  /** staff mode (taking attendance): the first name of the member of staff */
  staffName?: string | null;
};

export const KIOSK_IDLE_URL = "/kiosk?ended=idle";

/** How long the kiosk waits after the last tap before it ends the turn (KIOSK_IDLE_MS on the server). */
const IDLE_SECONDS = 120;

const MARK = "\u0000";

/** A message with one value shown in bold, where the language puts it in the sentence. */
export function withStrong(t: T, key: string, name: string, bold: ReactNode): ReactNode {
  return t(key, { [name]: `${MARK}${name}${MARK}` })
    .split(MARK)
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? <strong>{bold}</strong> : part}</Fragment>);
}

export function KioskFrame({ frame, children }: { frame: KioskFrameData; children: ReactNode }) {
  const t = useT("kiosk");
  return (
    <div className="kiosk mx-auto flex min-h-screen max-w-5xl flex-col px-4 py-4">
      {frame.secondsLeft != null && frame.timer === "countdown" ? (
        // JavaScript off: the browser goes back to the grid when the time is up (a second late,
        // so the server agrees the session has ended)
        <noscript>
          <meta httpEquiv="refresh" content={`${frame.secondsLeft + 1};url=${KIOSK_IDLE_URL}`} />
        </noscript>
      ) : null}
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4 border-b-2 border-stone-300 pb-4">
        <p className="text-xl font-bold text-brand-900">{frame.communityName}</p>
        {frame.resident ? (
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-xl" data-testid="kiosk-who">
              <strong>
                {frame.resident.firstName} {frame.resident.lastName}
              </strong>
              {frame.helperName ? (
                <span className="block text-lg">
                  {t("frame.withHelp", { name: frame.helperName })}
                </span>
              ) : null}
            </p>
            {frame.secondsLeft != null && frame.timer !== "waiting" ? (
              <KioskCountdown seconds={frame.secondsLeft} writing={frame.timer === "writing"} />
            ) : null}
            <Form method="post" action="/kiosk/done">
              {frame.turn ? <input type="hidden" name="turn" value={frame.turn} /> : null}
              <button type="submit" className="btn-primary" data-testid="kiosk-done">
                {t("frame.done")}
              </button>
            </Form>
          </div>
        ) : frame.staffName ? (
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-xl" data-testid="kiosk-staff">
              {t("staff.mode", { name: frame.staffName })}
            </p>
            <Form method="post" action="/kiosk/staff">
              <button type="submit" name="intent" value="end" className="btn-primary">
                {t("staff.end")}
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <div className="flex-1">{children}</div>
    </div>
  );
}

const PING_EVERY_MS = 15_000;

/** Whether the story form on this page has words in it (a title or the story). */
function hasWordsWritten(): boolean {
  return [
    ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      '[data-kiosk-writing] textarea, [data-kiosk-writing] input[type="text"]',
    ),
  ].some((field) => field.value.trim() !== "");
}

/**
 * The time left, as m:ss; with JavaScript it counts down, starts again on input (typing too, told
 * to the server at most every 15 s), and at 0 ends the session. While `writing`, a page whose form
 * has words is never left: it says the words are kept, and Save Story takes the turn up again.
 */
function KioskCountdown({ seconds, writing }: { seconds: number; writing: boolean }) {
  const t = useT("kiosk");
  const td = useT("details");
  const [left, setLeft] = useState(seconds);
  const [keptWriting, setKeptWriting] = useState(false);
  const deadline = useRef<number | null>(null);
  const lastPing = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const start = Date.now();
    deadline.current = start + seconds * 1000;
    lastPing.current = start;
    const idleMs = Math.min(seconds, IDLE_SECONDS) * 1000;
    const activity = () => {
      const now = Date.now();
      // the server's clock starts from the last ping, so the countdown does too
      if (now - lastPing.current < PING_EVERY_MS) return;
      lastPing.current = now;
      deadline.current = Math.max(deadline.current ?? 0, now + idleMs);
      void fetch("/kiosk/alive", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "alive=1",
      }).catch(() => undefined);
    };
    const tick = window.setInterval(() => {
      // a recording in progress is input
      if (document.querySelector('[data-busy="true"]')) activity();
      const remaining = Math.max(0, Math.round(((deadline.current ?? 0) - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(tick);
        if (writing && hasWordsWritten()) setKeptWriting(true);
        else formRef.current?.requestSubmit();
      }
    }, 1000);
    const events = ["pointerdown", "keydown", "input", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, activity, { passive: true });
    return () => {
      window.clearInterval(tick);
      for (const e of events) window.removeEventListener(e, activity);
    };
  }, [seconds, writing]);

  const m = Math.floor(left / 60);
  const s = String(left % 60).padStart(2, "0");
  if (keptWriting) {
    return (
      <p
        role="status"
        className="max-w-xs text-lg font-semibold text-brand-900"
        data-testid="kiosk-writing-kept"
      >
        {t("frame.keptWriting")}
      </p>
    );
  }
  return (
    <div className="text-lg" data-testid="kiosk-countdown">
      <p>
        {t("frame.timeLeft")} <span className="font-bold tabular-nums">{`${m}:${s}`}</span>
      </p>
      {/* what the countdown means, so "take your time" elsewhere on the page is not a trap */}
      <p className="max-w-xs text-base text-stone-700" data-testid="kiosk-countdown-hint">
        {td("countdown.hint", {
          minutes: IDLE_SECONDS / 60,
        })}
      </p>
      {left <= 30 ? (
        <p role="status" className="font-semibold text-red-800">
          {t("frame.stillThere")}
        </p>
      ) : null}
      <Form method="post" action="/kiosk/done" ref={formRef} hidden>
        <input type="hidden" name="reason" value="idle" />
      </Form>
    </div>
  );
}

/** A resident's photo, or her initials, large. */
export function KioskPortrait({
  firstName,
  lastName,
  imageId,
  size = 160,
}: {
  firstName: string;
  lastName: string;
  imageId: string | null;
  size?: number;
}) {
  if (imageId) {
    return (
      <img
        src={`/media/${encodeURIComponent(imageId)}?w=400`}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = initialsOfParts(firstName, lastName);
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900"
      style={{ width: size, height: size, fontSize: size / 3 }}
    >
      {initials || "?"}
    </span>
  );
}

/** A big link button of the kiosk's menus. */
export function KioskAction({
  to,
  icon,
  children,
  testId,
}: {
  to: string;
  icon: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      to={to}
      className="btn-secondary kiosk-target w-full justify-start py-5 text-2xl"
      data-testid={testId}
    >
      <span aria-hidden="true" className="text-3xl">
        {icon}
      </span>
      {children}
    </Link>
  );
}
