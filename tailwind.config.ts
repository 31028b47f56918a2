import type { Config } from "tailwindcss";

// Type and colour for readers in their eighties: 18px base, generous line height, AA+ contrast.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontSize: {
        base: ["1.125rem", { lineHeight: "1.7" }],
        lg: ["1.25rem", { lineHeight: "1.65" }],
      },
      colors: {
        brand: {
          50: "#f3f7f4",
          100: "#e1ece4",
          600: "#2f6b45",
          700: "#245638",
          800: "#1c432c",
          900: "#14301f",
        },
        ink: "#1a1a1a",
      },
      minHeight: { target: "44px" },
      minWidth: { target: "44px" },
    },
  },
  plugins: [],
} satisfies Config;
