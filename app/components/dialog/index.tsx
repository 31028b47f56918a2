// Dialogs that work without JavaScript. Every dialog's form has a URL of its own, so kiosks and old
// phones reach it as a page; with JavaScript the same form opens as a modal over the page.
//
// - RouteDialog: a dialog that is a route (or a `?dialog=` view). Reached by a link after the page
//   hydrated, it is a modal over the list; without JavaScript, and when its URL is opened directly,
//   the same content is a section of the page. It never switches form after it showed, so nothing
//   typed is lost.
// - DialogLink: a link to a form's page that, with JavaScript, opens the form in a modal instead.
//   Its forms post through a fetcher (forms.tsx, useFormTarget): errors stay in the modal, and the
//   action's redirect after a success closes it.
//
// The modal's code (Headless UI) is not part of any page's JavaScript: it is fetched when a dialog
// link is pointed at, focused or touched, or when a dialog first opens (ADR 010).
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { FetcherFormScope } from "~/components/forms";
import { useHydrated, wasHydrated } from "~/components/hydration";
import type { ModalProps } from "./Modal";
import { useT } from "~/utils/i18n";

let modalModule: Promise<typeof import("./Modal")> | null = null;

/** Starts fetching the modal's code (once); a failed fetch may be tried again. */
export function preloadModal() {
  modalModule ??= import("./Modal").catch((error) => {
    modalModule = null;
    throw error;
  });
  return modalModule;
}

const LazyModal = lazy(preloadModal);

/** For links that open a dialog: fetch the modal's code while the pointer or focus is on the link. */
export const dialogLinkProps = {
  onPointerEnter: preloadModal,
  onFocus: preloadModal,
  onTouchStart: preloadModal,
};

/** Where the modal's code cannot be fetched (offline), the content stays a section of the page. */
class ModalBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Modal(props: ModalProps & { fallback: ReactNode }) {
  const { fallback, ...modal } = props;
  return (
    <ModalBoundary fallback={fallback}>
      <Suspense fallback={null}>
        <LazyModal {...modal} />
      </Suspense>
    </ModalBoundary>
  );
}

export function RouteDialog({
  id,
  title,
  closeTo,
  children,
  wide,
}: {
  id: string;
  title: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  // chosen once: a dialog opened on the page load stays a section, as the server drew it (though
  // it may hydrate after the root's effects ran), and one reached by a link is a modal
  const hydrated = useHydrated();
  const [asModal] = useState(() => hydrated && wasHydrated());
  const navigate = useNavigate();
  const t = useT("common");
  const close = (
    <Link to={closeTo} className="btn-ghost" preventScrollReset>
      {t("close")}
    </Link>
  );
  const section = (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`card mx-auto my-6 border-2 border-brand-700 ${wide ? "max-w-3xl" : "max-w-xl"}`}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {title}
        </h2>
        {close}
      </div>
      {children}
    </section>
  );
  if (!asModal) return section;
  return (
    <Modal
      id={id}
      title={title}
      width={wide ? "max-w-3xl" : "max-w-xl"}
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
      close={close}
      fallback={section}
    >
      {children}
    </Modal>
  );
}

/** A link that opens its form as a page without JavaScript and as a modal with it. */
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
  const navigate = useNavigate();
  const t = useT("common");
  // any navigation (a saved form's redirect, or an error shown on the form's own page) closes it
  useEffect(() => setOpen(false), [location.key]);
  const closeButton = (
    <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
      {t("close")}
    </button>
  );
  return (
    <>
      <Link
        to={to}
        className={className}
        {...dialogLinkProps}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          // the modal opens once its code is here; if it cannot be fetched, the form's page opens
          preloadModal().then(
            () => setOpen(true),
            () => navigate(to),
          );
        }}
      >
        {label}
      </Link>
      {open ? (
        <Modal
          title={title}
          width="max-w-2xl"
          onClose={() => setOpen(false)}
          close={closeButton}
          fallback={null}
        >
          <FetcherFormScope>{children}</FetcherFormScope>
        </Modal>
      ) : null}
    </>
  );
}
