import { useT } from "~/utils/i18n";

export function WelcomeBanner({
  appName,
  facilityName,
}: {
  appName: string;
  facilityName: string;
}) {
  const t = useT("home");
  return (
    <section
      aria-labelledby="welcome-title"
      className="card grid items-center gap-6 overflow-hidden p-0 md:grid-cols-2"
    >
      <div className="p-6 md:p-8">
        <h1 id="welcome-title" className="page-title mb-3">
          {t("welcome.title", { app: appName })}
        </h1>
        <p className="text-lg">{t("welcome.intro", { app: appName, facility: facilityName })}</p>
        <p className="mt-3 text-lg text-stone-700">{t("welcome.told")}</p>
      </div>
      <img
        src="/images/welcome.webp"
        srcSet="/images/welcome-600.webp 600w, /images/welcome.webp 1200w"
        sizes="(min-width: 768px) 560px, 100vw"
        width={1200}
        height={675}
        alt={t("welcome.imageAlt")}
        className="h-full w-full object-cover"
      />
    </section>
  );
}
