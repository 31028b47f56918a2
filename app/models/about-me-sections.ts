// The sections of the one-page "About me", after "This is me" (Alzheimer's Society and the
// Royal College of Nursing): shared by the page, the PDF and the suggestions. A section's words
// are the "about" catalog's `section.{key}.label` and `section.{key}.hint` (aboutSectionLabel,
// aboutSectionHint); `label` and `hint` here are the English ones.
import type { T } from "~/utils/i18n";

export const ABOUT_SECTIONS = [
  { key: "preferredName", label: "The name I like to be called", hint: "Just the name, e.g. Peggy" },
  { key: "grewUp", label: "Where I grew up", hint: "Places, home, school" },
  { key: "work", label: "My work", hint: "Jobs, trades, what I was proud of" },
  { key: "family", label: "My family", hint: "The people who matter to me" },
  { key: "enjoys", label: "What I enjoy", hint: "Music, food, pastimes, company" },
  { key: "routines", label: "My routines", hint: "Mornings, meals, bedtime" },
  { key: "worries", label: "What worries me", hint: "What upsets or frightens me" },
  { key: "calms", label: "What calms me", hint: "What helps when I am upset" },
  { key: "talking", label: "How best to talk with me", hint: "Hearing, sight, pace, what to avoid" },
] as const;

export type AboutSectionKey = (typeof ABOUT_SECTIONS)[number]["key"];
export const ABOUT_KEYS = ABOUT_SECTIONS.map((s) => s.key) as AboutSectionKey[];
export const ABOUT_MAX = 1000;

/** A section's name in the reader's language; `t` is any translator ("about:" keys are named whole). */
export function aboutSectionLabel(key: string, t: T): string {
  return isAboutKey(key) ? t(`about:section.${key}.label`) : key;
}

/** What a section asks for, in the reader's language. */
export function aboutSectionHint(key: AboutSectionKey, t: T): string {
  return t(`about:section.${key}.hint`);
}

export function isAboutKey(value: unknown): value is AboutSectionKey {
  return typeof value === "string" && (ABOUT_KEYS as string[]).includes(value);
}
