// GET /api/me: the signed-in person (any role) and the language they read in.
// PATCH /api/me { "language": "es" }: chooses that language (one of GET's `languages`).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireUser } from "~/utils/auth.server";
import { badRequest, methodNotAllowed, readJson } from "~/utils/api.server";
import { resolveHost } from "~/utils/host.server";
import { isLanguage, languageOptions, requestLanguage } from "~/utils/i18n.server";
import { setUserLanguage } from "~/models/user.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

async function describe(request: Request, language?: string) {
  const user = await requireUser(request);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    // what they read in now; `chosenLanguage` null: the community's default (or their resident language)
    language: language ?? (await requestLanguage(request)),
    chosenLanguage: language ?? user.language ?? null,
    languages: languageOptions(),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await describe(request));
}

export const policy = { body: "form" } satisfies RoutePolicy;

const MeSchema = z.object({ language: z.string({ error: "language must be a string" }) }).strict();

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const { language } = await readJson(request, MeSchema);
  if (!isLanguage(language))
    return badRequest(
      `Unknown language "${language}": use one of ${languageOptions()
        .map((l) => l.code)
        .join(", ")}`,
    );
  const ctx = resolveHost(request);
  setUserLanguage(user, language, ctx.kind === "tenant" ? ctx.community : null);
  return Response.json(await describe(request, language));
}
