// The product's nine story categories, shared by server and browser code.
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

export function categoryIcon(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.icon ?? "📖";
}

export function isCategory(value: unknown): value is CategoryValue {
  return typeof value === "string" && CATEGORIES.some((c) => c.value === value);
}

/** The product's eight reactions, in this order. */
export const REACTIONS = [
  { emoji: "❤️", label: "Heart" },
  { emoji: "😊", label: "Smile" },
  { emoji: "👏", label: "Clap" },
  { emoji: "🥰", label: "Loving face" },
  { emoji: "😢", label: "Sad" },
  { emoji: "😂", label: "Laughing" },
  { emoji: "🙏", label: "Praying hands" },
  { emoji: "👍", label: "Thumbs up" },
] as const;

export const COMMENT_MAX_LENGTH = 2000;

/** Said with and without JavaScript when a comment is too long; the text itself is never cut. */
export function commentTooLongMessage(length: number): string {
  return `Your comment is ${length.toLocaleString("en-US")} characters long. Please shorten it to ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters or fewer; your text is kept here.`;
}

export function reactionLabel(emoji: string | null | undefined): string | null {
  return REACTIONS.find((r) => r.emoji === emoji)?.label ?? null;
}

export const EXCERPT_LENGTH = 150;
export const FAMILY_EXCERPT_LENGTH = 200;

/** The story's own excerpt, else its first `length` characters (cut at a word), else the fallback. */
export function excerptOf(story: { excerpt?: string | null; content?: string | null }, length = EXCERPT_LENGTH): string {
  if (story.excerpt?.trim()) return story.excerpt.trim();
  const text = (story.content ?? "").replace(/\s+/g, " ").trim();
  if (!text) return "No preview available";
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
