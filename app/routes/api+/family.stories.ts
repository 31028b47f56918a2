// GET /api/family/stories: the published stories of the signed-in family member's resident.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFamilyMember } from "~/utils/permissions.server";
import { publishedStoriesForFamily } from "~/models/story.server";
import { FAMILY_EXCERPT_LENGTH } from "~/models/categories";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, resident } = await requireFamilyMember(request);
  return Response.json(
    publishedStoriesForFamily(db, resident.id, { excerptLength: FAMILY_EXCERPT_LENGTH }),
  );
}
