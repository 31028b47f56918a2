import type { Config } from "tailwindcss";

// The design tokens of Storyloom (docs/design.md, ADR 015): type, colour, spacing, radii and shadows
// for readers in their eighties on a phone, a lounge kiosk or a staff desktop.
// Every colour pair used for text notes its contrast ratio (WCAG 2.x); normal mode needs 4.5:1 for
// all text, the high-contrast reading mode (html.reading-contrast) 7:1.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        // the interface: Atkinson Hyperlegible (Braille Institute), then the system's sans
        sans: [
          '"Atkinson Hyperlegible"',
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          "Arial",
          "sans-serif",
        ],
        // story text: Literata, a warm reading serif, then the system's serif
        reading: ["Literata", "Georgia", "Cambria", '"Times New Roman"', "serif"],
      },
      // a rem scale (so the "Larger text" mode scales all of it): 18px body, 1.7 line height
      fontSize: {
        sm: ["1rem", { lineHeight: "1.6" }], // 16px: the smallest text anywhere (fine print)
        base: ["1.125rem", { lineHeight: "1.7" }], // 18px body
        lg: ["1.25rem", { lineHeight: "1.65" }], // 20px
        xl: ["1.375rem", { lineHeight: "1.45" }], // 22px: card titles
        "2xl": ["1.5rem", { lineHeight: "1.35" }], // 24px: section headings
        "3xl": ["1.875rem", { lineHeight: "1.25" }], // 30px: page titles
        "4xl": ["2.25rem", { lineHeight: "1.15" }], // 36px: story titles, big numbers
        story: ["1.25rem", { lineHeight: "1.8" }], // 20px Literata: the story's own words
      },
      maxWidth: {
        // 60-75 characters a line for stories (Literata at 20px averages ~0.5em a character)
        measure: "66ch",
      },
      colors: {
        // green of the brand; ratios against white (#fff) unless said
        brand: {
          50: "#f3f7f4", // background of quiet highlights
          100: "#e1ece4", // avatar circles; brand-900 on it 11.8:1
          600: "#2f6b45", // 6.3:1 on white (large text, borders only)
          700: "#245638", // 8.5:1: primary buttons (white on it 8.5:1)
          800: "#1c432c", // 11.1:1: links and tab text; 10.3:1 on brand-50, 10.4:1 on canvas
          900: "#14301f", // 14.1:1
        },
        ink: "#1a1a1a", // body text: 17.4:1 on white, 16.3:1 on canvas
        canvas: "#faf7f2", // the page behind cards, a warm paper; stone-700 on it 9.6:1
        // the warm second colour of keepsakes (category illustrations, story cards' accents)
        clay: {
          50: "#fff7ed",
          100: "#fde9d7",
          300: "#e8b48a", // illustration strokes only (no text)
          700: "#9a3412", // 7.3:1 on white
          900: "#7c2d12", // 8.8:1 on clay-50
        },
      },
      // the smallest touch target: 44 px (WCAG 2.5.5) everywhere, 64 px on a lounge kiosk (a touch
      // screen of 1000 px or more: --target is raised in tailwind.css)
      spacing: { target: "var(--target, 44px)" },
      minHeight: { target: "var(--target, 44px)" },
      minWidth: { target: "var(--target, 44px)" },
      borderRadius: {
        card: "1rem", // cards, dialogs, toasts
        control: "0.625rem", // buttons, fields, tabs
      },
      boxShadow: {
        card: "0 1px 2px rgb(28 25 23 / 0.06), 0 2px 8px rgb(28 25 23 / 0.05)",
        raised: "0 8px 24px rgb(28 25 23 / 0.16)", // toasts, open menus, the modal dialog
      },
    },
  },
  plugins: [],
} satisfies Config;
