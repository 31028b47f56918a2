import { Link } from "@remix-run/react";
import { useT } from "~/utils/i18n";

/** The header's bell: a plain link to /notifications whose name says how many are unread. */
export function NotificationBell({ unread }: { unread: number }) {
  const t = useT("auth");
  const label = t("bell.label", { count: unread });
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex min-h-target min-w-target items-center justify-center rounded-full border-2 border-stone-300 bg-white px-2 text-brand-800 no-underline hover:bg-brand-50"
      data-testid="notification-bell"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="ml-1 inline-flex min-w-[1.5rem] items-center justify-center rounded-full bg-red-800 px-1.5 text-base font-bold leading-6 text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
