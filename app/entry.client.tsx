import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadPayload } from "~/utils/i18n";

// the catalogs the server rendered this page with (entry.server.tsx), before the first render
loadPayload(window.__i18n);

// A navigation that another one supersedes (a second click, a form sent while a page is still
// loading) is cancelled on purpose: the router aborts its requests. Some of those cancelled
// requests end as promise rejections inside the framework that nothing awaits any more, which the
// browser would report as uncaught errors although nothing failed. Only cancellations are hushed;
// every other error is still reported.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
