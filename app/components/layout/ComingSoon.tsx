import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_APP_NAME } from "~/utils/app-name";

/** An honest page for a screen that a later release fills in. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  const root = useRouteLoaderData("root") as { appName?: string } | undefined;
  return (
    <section className="card mx-auto max-w-3xl">
      <h1 className="page-title mb-3">{title}</h1>
      <p className="text-lg">
        This part of {root?.appName ?? DEFAULT_APP_NAME} is coming in a later release.
      </p>
      {children}
    </section>
  );
}
