import { Link } from "@remix-run/react";

/** Privacy Policy and Terms of Service, as items of a footer's list (on both hosts' footers). */
export function LegalLinks() {
  return (
    <>
      <li>
        <Link
          to="/privacy"
          className="inline-flex min-h-target min-w-target items-center text-white underline"
        >
          Privacy Policy
        </Link>
      </li>
      <li>
        <Link
          to="/terms"
          className="inline-flex min-h-target min-w-target items-center text-white underline"
        >
          Terms of Service
        </Link>
      </li>
    </>
  );
}
