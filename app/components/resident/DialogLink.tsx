// A link that opens its form as a page without JavaScript and as a dialog with it: the same form,
// the same action, reachable by URL (kiosks and old phones) and without leaving the page (JS).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

export function DialogLink({
  to,
  label,
  title,
  className = "btn-primary",
  children,
}: {
  to: string;
  label: ReactNode;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // any navigation (a saved form's redirect, or an error shown on the form's own page) closes it
  useEffect(() => setOpen(false), [location.key]);
  return (
    <>
      <Link
        to={to}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-40 overflow-y-auto">
        <DialogBackdrop className="fixed inset-0 bg-black/40" />
        <div className="relative flex min-h-full items-start justify-center p-4 sm:items-center">
          <DialogPanel className="card w-full max-w-2xl">
            <div className="mb-4 flex items-start justify-between gap-4">
              <DialogTitle as="h2" className="text-2xl font-bold">
                {title}
              </DialogTitle>
              <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
            {children}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
