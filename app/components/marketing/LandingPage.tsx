import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { ContactForm } from "./ContactForm";
import {
  BENEFITS,
  COMPARISON_ROWS,
  FEATURES,
  NAV_LINKS,
  PLAN_CLAIMS,
  PLANS,
  PROBLEMS,
  SOLUTIONS,
  STEPS,
} from "./content";
import { LegalLinks } from "~/components/layout/LegalLinks";
import { useLang, useT } from "~/utils/i18n";

type Props = {
  appName: string;
  year: number;
  sent: boolean;
  lastResult?: SubmissionResult<string[]> | null;
};

const sectionTitle = "mb-3 text-3xl font-bold tracking-tight md:text-4xl";

/** The public landing page of the marketing host. It brings its own navigation (root shows no header). */
export function LandingPage({ appName, year, sent, lastResult }: Props) {
  const t = useT("marketing");
  return (
    <div className="bg-white">
      <SiteNav appName={appName} />
      <Hero appName={appName} />
      <Features />
      <ProblemSolution appName={appName} />
      <HowItWorks />
      <Benefits />
      <Pricing />
      <section
        id="contact"
        aria-labelledby="contact-title"
        className="scroll-mt-4 bg-brand-900 px-4 py-16 text-white"
      >
        <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-2">
          <div>
            <h2 id="contact-title" className={sectionTitle}>
              {t("contact.title")}
            </h2>
            <p className="text-lg">{t("contact.intro")}</p>
          </div>
          <ContactForm lastResult={lastResult} sent={sent} />
        </div>
      </section>
      <SiteFooter appName={appName} year={year} />
    </div>
  );
}

function SiteNav({ appName }: { appName: string }) {
  const t = useT("marketing");
  return (
    <div className="border-b-2 border-stone-300 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <a
          href="#top"
          className="inline-flex min-h-target items-center text-2xl font-bold text-brand-800 no-underline"
        >
          {appName}
        </a>
        <nav aria-label={t("nav.label")}>
          <ul className="flex flex-wrap items-center gap-1">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  className="inline-flex min-h-target items-center rounded-lg px-3 text-lg font-semibold text-brand-800 no-underline hover:bg-brand-50"
                >
                  {t(l.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-2">
          <Link to="/super-admin" className="btn-ghost">
            {t("nav.adminLogin")}
          </Link>
          <a href="#contact" className="btn-primary">
            {t("nav.getStarted")}
          </a>
        </div>
      </div>
    </div>
  );
}

function Hero({ appName }: { appName: string }) {
  const t = useT("marketing");
  return (
    <section
      id="top"
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white px-4 py-16"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div>
          <h1
            id="hero-title"
            className="mb-4 text-4xl font-bold tracking-tight text-ink md:text-5xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mb-6 text-xl">{t("hero.text", { app: appName })}</p>
          <div className="flex flex-wrap gap-3">
            <a href="#contact" className="btn-primary px-6 text-lg">
              {t("hero.startTrial")}
            </a>
            <a href="#how-it-works" className="btn-secondary px-6 text-lg">
              {t("hero.seeHow")}
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-1 text-base text-stone-700">
            {[PLAN_CLAIMS[0], PLAN_CLAIMS[1], PLAN_CLAIMS[3]].map((c) => (
              <li key={c}>
                <span aria-hidden="true">✓ </span>
                {t(c)}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/welcome.webp"
          srcSet="/images/welcome-600.webp 600w, /images/welcome.webp 1200w"
          sizes="(min-width: 768px) 560px, 100vw"
          width={1200}
          height={675}
          alt={t("hero.imageAlt")}
          className="w-full rounded-2xl shadow-md"
        />
      </div>
    </section>
  );
}

function Features() {
  const t = useT("marketing");
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-4 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className={sectionTitle}>
          {t("features.title")}
        </h2>
        <p className="mb-8 text-lg text-stone-700">{t("features.intro")}</p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.key} className="card">
              <span aria-hidden="true" className="text-4xl">
                {f.icon}
              </span>
              <h3 className="mt-2 text-xl font-bold">{t(`${f.key}.title`)}</h3>
              <p className="mt-1 text-base">{t(`${f.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ProblemSolution({ appName }: { appName: string }) {
  const t = useT("marketing");
  return (
    <section aria-labelledby="why-title" className="bg-stone-100 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="why-title" className={sectionTitle}>
          {t("why.title", { app: appName })}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="card">
            <h3 className="mb-3 text-xl font-bold">{t("why.problem")}</h3>
            <ul className="list-disc space-y-2 pl-6 text-lg">
              {PROBLEMS.map((p) => (
                <li key={p}>{t(p)}</li>
              ))}
            </ul>
          </div>
          <div className="card border-brand-700">
            <h3 className="mb-3 text-xl font-bold">{t("why.solution")}</h3>
            <ul className="list-disc space-y-2 pl-6 text-lg">
              {SOLUTIONS.map((p) => (
                <li key={p}>{t(p)}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const t = useT("marketing");
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-4 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="how-title" className={sectionTitle}>
          {t("how.title")}
        </h2>
        <ol className="mt-6 grid grid-cols-[repeat(auto-fit,minmax(min(100%,16rem),1fr))] gap-6">
          {STEPS.map((s, i) => (
            <li key={s.key} className="card min-w-0 break-words">
              <span
                className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 text-xl font-bold">
                <span className="sr-only">{t("how.step", { number: i + 1 })} </span>
                {t(`${s.key}.title`)}
              </h3>
              <p className="mt-1 text-base">{t(`${s.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Benefits() {
  const t = useT("marketing");
  return (
    <section aria-labelledby="benefits-title" className="bg-stone-100 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="benefits-title" className={sectionTitle}>
          {t("benefits.title")}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <div key={b.key} className="card">
              <h3 className="mb-3 text-xl font-bold">{t(`${b.key}.title`)}</h3>
              <ul className="space-y-2 text-base">
                {b.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="font-bold text-brand-700">
                      ✓
                    </span>
                    {t(item)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function Pricing() {
  const t = useT("marketing");
  const lang = useLang();
  const money = new Intl.NumberFormat(lang, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  const price = (p: (typeof PLANS)[number]) =>
    p.price === null ? t("pricing.custom") : money.format(p.price);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-4 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="pricing-title" className={sectionTitle}>
          {t("pricing.title")}
        </h2>
        <p className="mb-8 text-lg text-stone-700">{t("pricing.intro")}</p>
        <ul className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,16rem),1fr))] gap-6">
          {PLANS.map((p) => (
            <li
              key={p.key}
              className={`card flex min-w-0 flex-col break-words ${p.popular ? "border-2 border-brand-700" : ""}`}
            >
              {p.popular ? (
                <p className="mb-2 self-start rounded-full bg-brand-700 px-3 py-0.5 text-base font-semibold text-white">
                  {t("pricing.popular")}
                </p>
              ) : null}
              <h3 className="text-2xl font-bold">{t(`plans.${p.key}`)}</h3>
              <p className="text-base text-stone-700">
                {t("pricing.residents", { range: p.residents })}
              </p>
              <p className="my-4">
                <span className="text-4xl font-bold">{price(p)}</span>
                {p.price !== null ? (
                  <span className="text-base text-stone-700"> {t("pricing.perMonth")}</span>
                ) : null}
              </p>
              <a
                href="#contact"
                className={`${p.popular ? "btn-primary" : "btn-secondary"} mt-auto`}
              >
                {p.price !== null ? t("pricing.startTrial") : t("pricing.contactUs")}
                <span className="sr-only">
                  {" "}
                  {t("pricing.withPlan", { plan: t(`plans.${p.key}`) })}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <a href="#compare" className="link">
            {t("pricing.viewComparison")}
          </a>
        </p>
        {/* scrolls sideways on a narrow screen, so it takes focus for the keyboard */}
        <div
          id="compare"
          className="relative mt-6 scroll-mt-4 overflow-x-auto"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={t("pricing.comparisonLabel")}
        >
          <table className="w-full min-w-[640px] border-collapse text-left text-base">
            <caption className="mb-2 text-left text-xl font-bold">
              {t("pricing.comparisonCaption")}
            </caption>
            <thead>
              <tr className="border-b-2 border-stone-400">
                <th scope="col" className="p-2">
                  {t("pricing.feature")}
                </th>
                {PLANS.map((p) => (
                  <th key={p.key} scope="col" className="p-2">
                    {t(`plans.${p.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-stone-300">
                <th scope="row" className="p-2 font-semibold">
                  {t("pricing.residentsRow")}
                </th>
                {PLANS.map((p) => (
                  <td key={p.key} className="p-2">
                    {p.residents}
                  </td>
                ))}
              </tr>
              <tr className="border-b border-stone-300">
                <th scope="row" className="p-2 font-semibold">
                  {t("pricing.price")}
                </th>
                {PLANS.map((p) => (
                  <td key={p.key} className="p-2">
                    {price(p)}
                    {p.price !== null ? ` ${t("pricing.perMonth")}` : ""}
                  </td>
                ))}
              </tr>
              {COMPARISON_ROWS.map((row) => (
                <tr key={row} className="border-b border-stone-300">
                  <th scope="row" className="p-2 font-normal">
                    {t(row)}
                  </th>
                  {PLANS.map((p) => (
                    <td key={p.key} className="p-2">
                      <span aria-hidden="true">✓</span>
                      <span className="sr-only">{t("pricing.included")}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function SiteFooter({ appName, year }: { appName: string; year: number }) {
  const t = useT("marketing");
  return (
    <footer className="bg-stone-900 px-4 py-10 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-3">
        <div>
          <p className="text-2xl font-bold">{appName}</p>
          <p className="mt-2 text-base">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.label")}>
          <ul className="space-y-1 text-base">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  className="inline-flex min-h-target items-center text-white underline"
                >
                  {t(l.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="space-y-1 text-base">
          <LegalLinks />
          <li>
            <Link
              to="/super-admin"
              className="inline-flex min-h-target items-center text-white underline"
            >
              {t("nav.adminLogin")}
            </Link>
          </li>
        </ul>
      </div>
      <p className="mx-auto mt-8 max-w-6xl border-t border-stone-700 pt-4 text-base">
        {t("footer.rights", { year: String(year), app: appName })}
      </p>
    </footer>
  );
}
