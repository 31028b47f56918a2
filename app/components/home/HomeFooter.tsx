import { Link } from "@remix-run/react";
import type { FooterLink } from "./quick-actions";
import type { HomeFacility } from "./Sidebar";
import { LegalLinks } from "~/components/layout/LegalLinks";
import { useT } from "~/utils/i18n";

/** The community site's footer: the facility, how to reach it, quick links and the legal pages. */
export function HomeFooter({
  facility,
  host,
  year,
  links,
  appName,
}: {
  facility: HomeFacility;
  host: string;
  year: number;
  links: FooterLink[];
  appName: string;
}) {
  const t = useT("home");
  const place = [facility.address, facility.city].filter(Boolean).join(", ");
  return (
    <footer className="mt-4 rounded-xl bg-brand-900 p-6 text-white" aria-labelledby="footer-title">
      <div className="grid gap-6 md:grid-cols-3">
        <div>
          <h2 id="footer-title" className="mb-2 text-xl font-bold">
            {facility.name}
          </h2>
          <ul className="space-y-1 text-base">
            {facility.phone ? (
              <li>
                {t("footer.phone")}{" "}
                <a
                  className="text-white underline"
                  href={`tel:${facility.phone.replace(/[^\d+]/g, "")}`}
                >
                  {facility.phone}
                </a>
              </li>
            ) : null}
            {facility.email ? (
              <li>
                {t("footer.email")}{" "}
                <a className="break-all text-white underline" href={`mailto:${facility.email}`}>
                  {facility.email}
                </a>
              </li>
            ) : null}
            {place ? <li>{place}</li> : null}
          </ul>
        </div>
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="mb-2 text-xl font-bold">{t("footer.quickLinksTitle")}</h2>
          <ul className="space-y-1 text-base">
            {links.map((l) => (
              <li key={l.key}>
                {l.external ? (
                  <a
                    href={l.href}
                    className="inline-flex min-h-target min-w-target items-center text-white underline"
                  >
                    {t(`footer.link.${l.key}`)}
                  </a>
                ) : (
                  <Link
                    to={l.href}
                    className="inline-flex min-h-target min-w-target items-center text-white underline"
                  >
                    {t(`footer.link.${l.key}`)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-2 text-xl font-bold">{t("footer.about")}</h2>
          <ul className="space-y-1 text-base">
            <LegalLinks />
            <li className="break-all font-mono">{host}</li>
          </ul>
        </div>
      </div>
      <p className="mt-6 border-t border-brand-700 pt-4 text-base">
        {t("footer.copyright", { year: String(year), facility: facility.name, app: appName })}
      </p>
    </footer>
  );
}
