// The product's nine story categories, shared by server and browser code. The English `label`s
// are for code that has no reader (logs, old callers); what a person reads comes from the
// `categories` catalog: categoryName(t, value), or t("categories:childhood").
import { msg, type T } from "~/utils/i18n";

export const CATEGORIES = [
  { value: "childhood", label: "Childhood", icon: "🧸" },
  { value: "family", label: "Family", icon: "👪" },
  { value: "career", label: "Career", icon: "💼" },
  { value: "travel", label: "Travel", icon: "✈️" },
  { value: "love", label: "Love & Romance", icon: "💕" },
  { value: "friendship", label: "Friendship", icon: "🤝" },
  { value: "achievement", label: "Achievement", icon: "🏆" },
  { value: "hobby", label: "Hobbies", icon: "🎨" },
  { value: "general", label: "General Memory", icon: "📖" },
] as const;

export type CategoryValue = (typeof CATEGORIES)[number]["value"];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** A category's name in the reader's language; an unknown value as it is. */
export function categoryName(t: T, value: string): string {
  return isCategory(value) ? t(`categories:${value}`) : value;
}

export function categoryIcon(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.icon ?? "📖";
}

export function isCategory(value: unknown): value is CategoryValue {
  return typeof value === "string" && CATEGORIES.some((c) => c.value === value);
}

/** The product's eight reactions, in this order; `key` names each in the `categories` catalog. */
export const REACTIONS = [
  { emoji: "❤️", label: "Heart", key: "heart" },
  { emoji: "😊", label: "Smile", key: "smile" },
  { emoji: "👏", label: "Clap", key: "clap" },
  { emoji: "🥰", label: "Loving face", key: "lovingFace" },
  { emoji: "😢", label: "Sad", key: "sad" },
  { emoji: "😂", label: "Laughing", key: "laughing" },
  { emoji: "🙏", label: "Praying hands", key: "prayingHands" },
  { emoji: "👍", label: "Thumbs up", key: "thumbsUp" },
] as const;

export const COMMENT_MAX_LENGTH = 2000;

/**
 * Said with and without JavaScript when a comment is too long; the text itself is never cut. With
 * `t`, the words in its language; without, a catalog key (msg) translated where it is shown.
 */
export function commentTooLongMessage(length: number, t?: T): string {
  const values = { length, max: COMMENT_MAX_LENGTH };
  return t ? t("story:comment.tooLong", values) : msg("story:comment.tooLong", values);
}

export function reactionLabel(emoji: string | null | undefined): string | null {
  return REACTIONS.find((r) => r.emoji === emoji)?.label ?? null;
}

/** A reaction's name in the reader's language ("Heart"), or null for no reaction. */
export function reactionName(t: T, emoji: string | null | undefined): string | null {
  const reaction = REACTIONS.find((r) => r.emoji === emoji);
  return reaction ? t(`categories:reaction.${reaction.key}`) : null;
}

export const EXCERPT_LENGTH = 150;
export const FAMILY_EXCERPT_LENGTH = 200;

/** The excerpt of a story without words; a card shows t("categories:noPreview") in its place. */
export const NO_PREVIEW = "No preview available";

/** The story's own excerpt, else its first `length` characters (cut at a word), else the fallback. */
export function excerptOf(story: { excerpt?: string | null; content?: string | null }, length = EXCERPT_LENGTH): string {
  if (story.excerpt?.trim()) return story.excerpt.trim();
  const text = (story.content ?? "").replace(/\s+/g, " ").trim();
  if (!text) return NO_PREVIEW;
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function needsReadMore(content: string | null | undefined): boolean {
  return (content ?? "").length > EXCERPT_LENGTH;
}

/** A story card says "Read More" when the story is longer than an excerpt, or its excerpt is not the whole text. */
export function cardHasMore(content: string, excerpt: string): boolean {
  return needsReadMore(content) || excerpt !== content;
}
