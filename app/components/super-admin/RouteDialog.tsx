// A dialog with a URL of its own (`?dialog=...`): with JavaScript a modal (Headless UI); without it
// (and in the server render) the same content as a section of the page, reached by a plain link.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

let hydratedOnce = false;

/** False in the server render and the first client render, true once React runs in the browser. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}

export function RouteDialog({ id, title, closeTo, children }: { id: string; title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section id={id} aria-labelledby={`${id}-title`} className="card my-6 border-2 border-brand-700">
        <h2 id={`${id}-title`} className="mb-4 text-2xl font-bold">
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <Dialog open onClose={() => navigate(closeTo, { preventScrollReset: true })} className="fixed inset-0 z-40 overflow-y-auto p-4">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <DialogPanel id={id} className="card relative mx-auto my-8 w-full max-w-xl">
        <DialogTitle as="h2" className="mb-4 text-2xl font-bold">
          {title}
        </DialogTitle>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
