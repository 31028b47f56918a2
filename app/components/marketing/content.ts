// The landing page's sections and the pricing, as the product defines them; their words are the
// marketing catalog's keys.

export const NAV_LINKS = [
  { href: "#features", key: "nav.features" },
  { href: "#how-it-works", key: "nav.howItWorks" },
  { href: "#pricing", key: "nav.pricing" },
  { href: "#contact", key: "nav.contact" },
] as const;

/** Each feature's title and text are `${key}.title` and `${key}.text`. */
export const FEATURES = [
  { icon: "🎙️", key: "features.stories" },
  { icon: "📷", key: "features.photos" },
  { icon: "👪", key: "features.families" },
  { icon: "🔒", key: "features.privacy" },
  { icon: "🏘️", key: "features.tenants" },
  { icon: "🗓️", key: "features.timeline" },
] as const;

export const PROBLEMS = ["problems.fade", "problems.farAway", "problems.paperwork"] as const;

export const SOLUTIONS = ["solutions.voice", "solutions.follow", "solutions.approve"] as const;

/** Each step's title and text are `${key}.title` and `${key}.text`. */
export const STEPS = [
  { key: "steps.setUp" },
  { key: "steps.residents" },
  { key: "steps.capture" },
  { key: "steps.share" },
] as const;

/** Each group's title is `${key}.title`; its items are keys. */
export const BENEFITS = [
  {
    key: "benefits.facilities",
    items: [
      "benefits.facilities.carePlans",
      "benefits.facilities.showLife",
      "benefits.facilities.review",
    ],
  },
  {
    key: "benefits.residents",
    items: ["benefits.residents.screens", "benefits.residents.speak", "benefits.residents.legacy"],
  },
  {
    key: "benefits.families",
    items: [
      "benefits.families.newStories",
      "benefits.families.reactions",
      "benefits.families.questions",
    ],
  },
] as const;

/**
 * The plans: the name is `plans.${key}`, `residents` the community sizes it is for, `price` in US
 * dollars a month (null: priced with each community).
 */
export const PLANS = [
  { key: "starter", residents: "0-25", price: 49, popular: false },
  { key: "professional", residents: "26-50", price: 89, popular: true },
  { key: "enterprise", residents: "51-100", price: 149, popular: false },
  { key: "premium", residents: "100+", price: null, popular: false },
] as const;

export const PLAN_CLAIMS = [
  "claims.trial",
  "claims.noCard",
  "claims.moneyBack",
  "claims.setup",
] as const;

/** Every plan has every feature: plans differ only by community size and price. */
export const COMPARISON_ROWS = [
  "compare.stories",
  "compare.photos",
  "compare.family",
  "compare.review",
  "compare.site",
  "compare.news",
] as const;
