// The record wizard's state lives in the URL, so every step is a page that works without JavaScript.
export const WIZARD_PATH = "/resident/record";
export const MAX_RECORDING_SECONDS = 600;

export type WizardStep = "category" | "prompt" | "record" | "preview";

/** The steps in order; each one's name is the `record` catalog's `step.{step}`. */
export const STEPS: WizardStep[] = ["category", "prompt", "record", "preview"];

export type WizardState = {
  /** where the wizard lives: /resident/record, or /kiosk/record at the lounge kiosk */
  path?: string | null;
  /** where the record step asks how far a transcription has come (default /api/transcription-jobs) */
  jobsPath?: string | null;
  /** only when staff record on behalf of a resident */
  resident?: string | null;
  category?: string | null;
  /** a prompt key (see prompt.server.ts) */
  prompt?: string | null;
  job?: string | null;
  audio?: string | null;
  /** the story just saved (the last page of the wizard) */
  story?: string | null;
};

export function wizardUrl(
  step: WizardStep | "saved" | null,
  state: WizardState = {},
  extra: Record<string, string> = {},
): string {
  const sp = new URLSearchParams();
  if (state.resident) sp.set("resident", state.resident);
  if (step && step !== "category") sp.set("step", step);
  if (step === "saved" && state.story) sp.set("story", state.story);
  if (state.category && step !== "saved") sp.set("category", state.category);
  if (state.prompt && step !== "category" && step !== "saved") sp.set("prompt", state.prompt);
  if (state.job && (step === "record" || step === "preview")) sp.set("job", state.job);
  if (state.audio && step === "preview") sp.set("audio", state.audio);
  for (const [k, v] of Object.entries(extra)) sp.set(k, v);
  const qs = sp.toString();
  const path = state.path ?? WIZARD_PATH;
  return qs ? `${path}?${qs}` : path;
}

/** Seconds as m:ss, the way the record page shows a duration. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(totalSeconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
