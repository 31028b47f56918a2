// The modal itself (Headless UI: focus trap, Escape, inert page behind, title as the accessible
// name). Loaded only when a dialog first opens, so pages do not carry it (ADR 010).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";

export type ModalProps = {
  id?: string;
  title: string;
  onClose: () => void;
  /** The close control beside the title (a link back for dialogs with a URL, a button otherwise). */
  close: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  children: ReactNode;
};

export default function Modal({
  id,
  title,
  onClose,
  close,
  width = "max-w-xl",
  children,
}: ModalProps) {
  return (
    // the dialog element covers the screen (a zero-size wrapper would count as not shown)
    <Dialog open onClose={onClose} className="fixed inset-0 z-40 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="relative flex min-h-full items-start justify-center p-4">
        <DialogPanel id={id} className={`card my-8 w-full ${width}`}>
          <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
            <DialogTitle as="h2" className="text-2xl font-bold">
              {title}
            </DialogTitle>
            {close}
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
