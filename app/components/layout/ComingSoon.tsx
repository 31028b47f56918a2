import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_APP_NAME } from "~/utils/app-name";
import { useT } from "~/utils/i18n";

/** An honest page for a screen that a later release fills in. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  const root = useRouteLoaderData("root") as { appName?: string } | undefined;
  const t = useT("auth");
  return (
    <section className="card mx-auto max-w-3xl">
      <h1 className="page-title mb-3">{title}</h1>
      <p className="text-lg">{t("comingSoon", { app: root?.appName ?? DEFAULT_APP_NAME })}</p>
      {children}
    </section>
  );
}
