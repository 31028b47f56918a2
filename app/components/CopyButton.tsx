// Copies a text (a sign-in link, a temporary password) to the clipboard. Appears once JavaScript
// runs; without it the text is in a read-only field to select and copy.
import { useState } from "react";
import { useHydrated } from "~/components/hydration";

export function CopyButton({
  text,
  inputId,
  label = "Copy",
}: {
  text: string;
  inputId?: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          // no clipboard permission: select the text so that Ctrl+C copies it
          if (inputId) (document.getElementById(inputId) as HTMLInputElement | null)?.select();
        }
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}
