// The landing page's words: its sections and the pricing, as the product defines them.

export const NAV_LINKS = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How It Works" },
  { href: "#pricing", label: "Pricing" },
  { href: "#contact", label: "Contact" },
] as const;

export const FEATURES = [
  {
    icon: "🎙️",
    title: "Story Creation",
    text: "Residents tell their stories by voice or in writing. Gentle prompts in nine themes, from childhood to love and career, help the words come, and spoken stories are turned into text on your own server.",
  },
  {
    icon: "📷",
    title: "Photo & Media",
    text: "Add a picture to any story and keep the original recording beside the transcript. Photos are resized for phones and cleaned of hidden location data.",
  },
  {
    icon: "👪",
    title: "Family Sharing",
    text: "Families read new stories as soon as they are approved, react with a heart or a smile, leave comments, share photos and send questions for the next story.",
  },
  {
    icon: "🔒",
    title: "Privacy & Security",
    text: "Every story is reviewed by your team before families see it. Each community's data lives in its own database, and only signed-in members can open it.",
  },
  {
    icon: "🏘️",
    title: "Multi-Tenant",
    text: "Each facility gets its own site at its own address. Groups with several communities run them all from one installation, fully separated.",
  },
  {
    icon: "🗓️",
    title: "Timeline Views",
    text: "Browse a resident's stories from newest to oldest, or the whole community's by theme, with featured stories on the home page.",
  },
] as const;

export const PROBLEMS = [
  "Life stories fade when nobody has time to write them down.",
  "Families who live far away miss the small moments of every day.",
  "Care teams want to know the person, not just the chart, but paperwork fills the day.",
] as const;

export const SOLUTIONS = [
  "Residents tell their stories in their own voice, in a few minutes, with a prompt to get started.",
  "Families follow along from any phone and answer with comments and reactions.",
  "Staff approve stories in a couple of clicks, and everyone gets to know the people they care for.",
] as const;

export const STEPS = [
  {
    title: "Set up your facility",
    text: "We create your community's own site with your name and address. It takes under 30 minutes.",
  },
  {
    title: "Add residents",
    text: "Add residents and invite their families, who receive a personal sign-in link.",
  },
  {
    title: "Capture stories",
    text: "Residents record or write their stories with friendly prompts; your team reviews each one.",
  },
  {
    title: "Share with families",
    text: "Approved stories appear for families, who read, react and comment from home.",
  },
] as const;

export const BENEFITS = [
  {
    title: "For facilities",
    items: [
      "Person-centred care plans enriched by each resident's own history",
      "A warm way to show families the life inside your community",
      "Simple review tools: nothing is shared until your team approves it",
    ],
  },
  {
    title: "For residents",
    items: [
      "Large, clear screens designed for older eyes and hands",
      "Speak instead of type: the recording becomes the written story",
      "A lasting legacy in their own words",
    ],
  },
  {
    title: "For families",
    items: [
      "New stories from a parent or grandparent, on any phone",
      "Reactions, comments and photos that keep the conversation going",
      "Questions that inspire the next story",
    ],
  },
] as const;

export const PLANS = [
  {
    name: "Starter",
    residents: "0-25 residents",
    price: "$49",
    period: "per month",
    popular: false,
  },
  {
    name: "Professional",
    residents: "26-50 residents",
    price: "$89",
    period: "per month",
    popular: true,
  },
  {
    name: "Enterprise",
    residents: "51-100 residents",
    price: "$149",
    period: "per month",
    popular: false,
  },
  {
    name: "Premium",
    residents: "100+ residents",
    price: "Custom pricing",
    period: "",
    popular: false,
  },
] as const;

export const PLAN_CLAIMS = [
  "30-day free trial",
  "No credit card required",
  "30-day money-back guarantee",
  "Setup in under 30 minutes",
] as const;

/** Every plan has every feature: plans differ only by community size and price. */
export const COMPARISON_ROWS = [
  "Voice and written stories with prompts",
  "Photos on stories",
  "Family comments, reactions, photos and questions",
  "Story review before sharing",
  "Your community's own site",
  "News and activity calendar",
] as const;
