// The care team's view of a resident's gazette (print it, or download the PDF, and hand it over).
import { useLoaderData } from "@remix-run/react";
import { GazettePage } from "~/components/gazette/GazettePage";
import type { gazetteLoader } from "./gazette.server";
import { useT } from "~/utils/i18n";

export function CareTeamGazette() {
  const { gazette, base, residentsPath } = useLoaderData<typeof gazetteLoader>();
  const t = useT("care-content");
  return (
    <GazettePage
      gazette={gazette}
      base={base}
      backTo={{ to: residentsPath, label: t("gazette.back") }}
    />
  );
}
