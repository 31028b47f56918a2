import { Link } from "@remix-run/react";
import { useT } from "~/utils/i18n";

/** Privacy Policy and Terms of Service, as items of a footer's list (on both hosts' footers). */
export function LegalLinks() {
  const t = useT("auth");
  return (
    <>
      <li>
        <Link
          to="/privacy"
          className="inline-flex min-h-target min-w-target items-center text-white underline"
        >
          {t("links.privacy")}
        </Link>
      </li>
      <li>
        <Link
          to="/terms"
          className="inline-flex min-h-target min-w-target items-center text-white underline"
        >
          {t("links.terms")}
        </Link>
      </li>
    </>
  );
}
