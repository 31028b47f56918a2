// A quiet line drawing for each story category, shown where a story has no photo (never a grey
// "No image" box). Drawn here as small inline SVGs (a few hundred bytes each, no requests, no stock
// photos); decorative, since the category is written beside it.
import type { ReactNode } from "react";

const STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 3,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const ART: Record<string, ReactNode> = {
  // a kite on its string
  childhood: (
    <>
      <path d="M60 10 78 30 60 52 42 30Z" />
      <path d="M60 10v42M42 30h36" />
      <path d="M60 52c-4 8 6 10 2 18s-10 6-12 10" />
    </>
  ),
  // a house with a door and a window
  family: (
    <>
      <path d="M32 40 60 16l28 24" />
      <path d="M38 35v33h44V35" />
      <path d="M54 68V52h12v16M70 42h6v6h-6z" />
    </>
  ),
  // a briefcase
  career: (
    <>
      <rect x="30" y="28" width="60" height="38" rx="5" />
      <path d="M50 28v-8h20v8M30 44h60M56 44v6h8v-6" />
    </>
  ),
  // a paper aeroplane and its path
  travel: (
    <>
      <path d="M28 44 92 18 70 66 58 50Z" />
      <path d="M58 50 92 18" />
      <path d="M24 64c6-4 12-4 18 0" strokeDasharray="3 6" />
    </>
  ),
  // two hearts
  love: (
    <>
      <path d="M52 64S30 50 30 36c0-8 6-13 12-13 5 0 8 3 10 7 2-4 5-7 10-7 6 0 12 5 12 13 0 14-22 28-22 28Z" />
      <path d="M82 38s-8-5-8-10c0-3 2-5 5-5 2 0 3 1 3 2 1-1 2-2 4-2 3 0 5 2 5 5 0 5-9 10-9 10Z" />
    </>
  ),
  // two linked rings
  friendship: (
    <>
      <circle cx="50" cy="42" r="18" />
      <circle cx="72" cy="42" r="18" />
    </>
  ),
  // a rosette with ribbons
  achievement: (
    <>
      <circle cx="60" cy="32" r="16" />
      <path d="M60 24l3 6 6 1-4 4 1 6-6-3-6 3 1-6-4-4 6-1z" />
      <path d="M50 45 44 68l9-4 5 8 2-20M70 45l6 23-9-4-5 8" />
    </>
  ),
  // a brush over a palette
  hobby: (
    <>
      <path d="M62 66c-18 0-32-9-32-22s14-22 30-22 30 8 30 18c0 8-8 8-13 8-6 0-8 5-4 10 3 5-2 8-11 8Z" />
      <circle cx="46" cy="38" r="3" />
      <circle cx="60" cy="32" r="3" />
      <circle cx="46" cy="52" r="3" />
    </>
  ),
  // an open book
  general: (
    <>
      <path d="M60 26c-8-6-20-8-30-6v44c10-2 22 0 30 6 8-6 20-8 30-6V20c-10-2-22 0-30 6Z" />
      <path d="M60 26v44M38 32c5 0 10 1 14 3M38 42c5 0 10 1 14 3M68 35c4-2 9-3 14-3M68 45c4-2 9-3 14-3" />
    </>
  ),
};

/** The category's drawing, filling its box (give the box a size and a colour). */
export function CategoryArt({
  category,
  className = "",
}: {
  category: string;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 120 84"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-testid="category-art"
      data-category={category}
      {...STROKE}
    >
      {ART[category] ?? ART.general}
    </svg>
  );
}

/** The panel a story without a photo shows in the photo's place: a warm paper with the drawing. */
export function StoryArtPanel({
  category,
  className = "",
}: {
  category: string;
  className?: string;
}) {
  return (
    <div className={`flex items-center justify-center bg-clay-50 text-clay-700 ${className}`}>
      <CategoryArt category={category} className="h-3/5 max-h-28 w-auto" />
    </div>
  );
}
