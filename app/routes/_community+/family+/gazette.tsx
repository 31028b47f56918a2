// /family/gazette: the printable gazette of the family member's resident (?month=YYYY-MM), its
// words and dates in the reader's language (the PDF is in the resident's). Someone who follows
// several residents gets the one her family page shows (or ?resident=ID of one she follows).
import { READING_PAGE } from "~/utils/page-scripts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GazettePage } from "~/components/gazette/GazettePage";
import { familyPageOf } from "~/components/family/Follows";
import { gazetteFor, gazetteMonth } from "~/models/gazette.server";
import { requireFamilyMember } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { requestLanguage } from "~/utils/i18n.server";

// no app script on a full page load (ADR 037): forms, links and the inline photo shrinker
export const handle = READING_PAGE;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "family");
  return [
    {
      title: data
        ? pageTitle(
            matches,
            t("gazette.pageTitle", {
              name: data.gazette.resident.firstName,
              month: data.gazette.month.label,
            }),
          )
        : pageTitle(matches, t("gazette.title")),
    },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { db, community, resident } = await requireFamilyMember(request, {
    residentId: url.searchParams.get("resident"),
  });
  const lang = await requestLanguage(request);
  const month = gazetteMonth(url.searchParams.get("month"), community.timeZone, new Date(), lang);
  const gazette = gazetteFor(db, community, resident.id, month, lang);
  if (!gazette) throw new Response(null, { status: 404 });
  return { gazette, base: "/family/gazette" };
}

export default function FamilyGazette() {
  const { gazette, base } = useLoaderData<typeof loader>();
  const t = useT("family");
  return (
    <GazettePage
      gazette={gazette}
      base={base}
      backTo={{
        to: familyPageOf(gazette.resident.id),
        label: t("backToStories", { name: gazette.resident.firstName }),
      }}
    />
  );
}
