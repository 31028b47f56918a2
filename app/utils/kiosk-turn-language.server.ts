// Whose language the lounge kiosk speaks. The kiosk is a device, not a person, and nobody is
// signed in there: its shared screens (the grid, a resident's PIN pad, "I'm helping", the setup
// link, a sign-in card) are read as any signed-out browser's. Once a resident's turn has begun,
// every page of her turn is in her language: the one her account chose, else the one she speaks
// (her recordings' language). i18n.server.ts asks here for each /kiosk page nobody is signed in
// to, so this reads only utils (the layer below models).
import { and, eq } from "drizzle-orm";
import {
  controlSchema,
  getControlDb,
  tenantSchema,
  type Community,
  type TenantDb,
} from "./db.server";
import { readKiosk, KIOSK_IDLE_MS } from "./kiosk.server";
import { ROLE } from "./roles";
import type { LanguageSubject } from "./i18n.server";

const { residents, kioskSessions, kioskDrafts } = tenantSchema;

/** A resident as whose language a page is read in: her account's choice, and the one she speaks. */
export function residentLanguageSubject(
  db: TenantDb,
  community: Pick<Community, "id">,
  residentId: string,
): LanguageSubject {
  const spoken = db
    .select({ lang: residents.preferredLanguage })
    .from(residents)
    .where(eq(residents.id, residentId))
    .get();
  if (!spoken) return null;
  const { users } = controlSchema;
  const account = getControlDb()
    .select({ language: users.language })
    .from(users)
    .where(
      and(
        eq(users.tenantId, community.id),
        eq(users.residentId, residentId),
        eq(users.role, ROLE.resident),
      ),
    )
    .get();
  return { language: account?.language ?? null, residentLanguage: spoken.lang };
}

/** The kiosk's shared screens: the grid, a resident's PIN pad and "I'm helping", setup, a card. */
const SHARED_SCREEN = /^\/kiosk(\/(residents|setup|card)(\/.*)?)?\/?$/;

/**
 * Whose language a /kiosk page is read in when nobody is signed in: the resident whose turn it is
 * (a story kept for a resident after her turn ended: hers), or null (a shared screen, another
 * path, no turn), read as a signed-out browser. Changes nothing: a turn past its 2 minutes is no
 * turn here, and the page's own loader ends it.
 */
export async function kioskTurnLanguageSubject(request: Request): Promise<LanguageSubject> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/kiosk/") || SHARED_SCREEN.test(url.pathname)) return null;
  const kiosk = await readKiosk(request);
  if (kiosk.state === "none") return null;
  const { db, community } = kiosk;
  // the words she wrote before her turn ended, shown back to her
  const draftId = url.pathname === "/kiosk/write" ? url.searchParams.get("draft") : null;
  const draft = draftId
    ? db
        .select({ residentId: kioskDrafts.residentId })
        .from(kioskDrafts)
        .where(and(eq(kioskDrafts.id, draftId), eq(kioskDrafts.kioskId, kiosk.kiosk.id)))
        .get()
    : undefined;
  if (draft) return residentLanguageSubject(db, community, draft.residentId);
  if (kiosk.state !== "on") return null;
  const turn = db
    .select({
      residentId: kioskSessions.residentId,
      endedAt: kioskSessions.endedAt,
      lastInputAt: kioskSessions.lastInputAt,
    })
    .from(kioskSessions)
    .where(eq(kioskSessions.kioskId, kiosk.kiosk.id))
    .get();
  if (!turn || turn.endedAt || Date.parse(turn.lastInputAt) + KIOSK_IDLE_MS <= Date.now())
    return null;
  return residentLanguageSubject(db, community, turn.residentId);
}
