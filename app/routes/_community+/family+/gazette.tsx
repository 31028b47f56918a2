// /family/gazette: the printable gazette of the family member's resident (?month=YYYY-MM).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GazettePage } from "~/components/gazette/GazettePage";
import { requireFamilyMember } from "~/utils/permissions.server";
import { gazettePageData } from "../__gazette.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: data
      ? pageTitle(
          matches,
          `${data.gazette.resident.firstName}'s Gazette, ${data.gazette.month.label}`,
        )
      : pageTitle(matches, "Gazette"),
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community, resident } = await requireFamilyMember(request);
  return gazettePageData(request, db, community, resident.id, "/family/gazette");
}

export default function FamilyGazette() {
  const { gazette, base } = useLoaderData<typeof loader>();
  return (
    <GazettePage
      gazette={gazette}
      base={base}
      backTo={{ to: "/family", label: `Back to ${gazette.resident.firstName}'s stories` }}
    />
  );
}
