// The care team's view of a resident's gazette (print it, or download the PDF, and hand it over).
import { useLoaderData } from "@remix-run/react";
import { GazettePage } from "~/components/gazette/GazettePage";
import type { gazetteLoader } from "./gazette.server";

export function CareTeamGazette() {
  const { gazette, base, residentsPath } = useLoaderData<typeof gazetteLoader>();
  return (
    <GazettePage
      gazette={gazette}
      base={base}
      backTo={{ to: residentsPath, label: "Back to residents" }}
    />
  );
}
