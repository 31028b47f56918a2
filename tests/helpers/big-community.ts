// A 200-bed facility's worth of people, for the list tests, the e2e lists spec and the list
// bench: 500 residents (names with accents and mixed case, rooms like 2, 10, 10B) and 1,000
// family members (half accepted their invitation), plus an administrator and staff. Not demo
// data: nothing here is loaded by `npm start`. Written through the model functions, so the sort
// keys are the ones the app maintains.
import { createCommunity, getCommunityBySubdomain } from "~/models/community.server";
import { createFamilyMember } from "~/models/family.server";
import { createResident } from "~/models/resident.server";
import { createUser } from "~/models/user.server";
import {
  getControlDb,
  getTenantDb,
  controlSchema,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { ROLE } from "~/utils/roles";
import { eq } from "drizzle-orm";

export const BIG = {
  subdomain: "bigcare",
  name: "Big Care Gardens",
  email: "office@bigcare.example",
  phone: "(555) 010-0200",
  admin: "big.admin",
  staff: "big.staff",
  password: "storyloom-demo",
  residents: 500,
  familyPerResident: 2,
  /** one resident to find by a part of the name typed without its accents ("bronte") */
  findMe: { firstName: "Amélie", lastName: "Brontë-Quixley", roomNumber: "10B" },
} as const;

const FIRST = [
  "Ada",
  "Élise",
  "José",
  "Zoë",
  "margaret",
  "Łukasz",
  "Ñuria",
  "Björn",
  "Chloé",
  "Frank",
  "Grace",
  "Hélène",
  "Ivan",
  "Jürgen",
  "Kai",
  "Léa",
  "Mateo",
  "Noël",
  "Olga",
  "Pál",
];
const LAST = [
  "DeLuca",
  "Delgado",
  "O'Brien",
  "van der Berg",
  "Müller",
  "Núñez",
  "Smith",
  "smythe",
  "Åberg",
  "Østergaard",
  "García",
  "Lefèvre",
  "Nguyễn",
  "Kowalski",
  "MacDonald",
  "Mcdonald",
  "Ellis",
  "Dubois",
  "Zimmermann",
  "Abbott",
  "Ångström",
  "Żak",
  "Byrne",
  "Çelik",
  "Heß",
];

/** A room for the i-th resident: plain numbers, numbers with a letter, a few typed as "Room 12". */
function roomFor(i: number): string | null {
  if (i % 50 === 7) return null;
  const n = (i % 200) + 1;
  if (i % 11 === 3) return `Room ${n}`;
  return i >= 200 && i < 400 ? `${n}${i < 300 ? "A" : "B"}` : String(n);
}

/** Creates the community with its people unless it exists. Returns the community. */
export async function seedBigCommunity(): Promise<Community> {
  const existing = getCommunityBySubdomain(BIG.subdomain);
  if (existing) return existing;
  const community = createCommunity({
    name: BIG.name,
    subdomain: BIG.subdomain,
    email: BIG.email,
    phone: BIG.phone,
    address: "200 Long Road",
    city: "Springfield",
    timeZone: "America/Chicago",
  });
  const db = getTenantDb(community);
  const passwordHash = await hashPassword(BIG.password);
  await createUser({
    tenantId: community.id,
    username: BIG.admin,
    email: "admin@bigcare.example",
    displayName: "Bea Admin",
    role: ROLE.administrator,
    passwordHash,
  });
  await createUser({
    tenantId: community.id,
    username: BIG.staff,
    email: "staff@bigcare.example",
    displayName: "Sol Staff",
    role: ROLE.staff,
    passwordHash,
  });
  const residentIds: string[] = [];
  for (let i = 0; i < BIG.residents - 1; i++) {
    const r = createResident(db, {
      firstName: FIRST[i % FIRST.length]!,
      lastName: `${LAST[(i * 7) % LAST.length]!}${i >= LAST.length ? ` ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}` : ""}`,
      roomNumber: roomFor(i),
      admissionDate: `20${String(10 + (i % 15)).padStart(2, "0")}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    });
    residentIds.push(r.id);
  }
  residentIds.push(createResident(db, { ...BIG.findMe, admissionDate: "2024-05-01" }).id);
  // three stories each: most published, some waiting, a few not approved (a note for each)
  const { stories } = tenantSchema;
  const storyRows: (typeof stories.$inferInsert)[] = [];
  residentIds.forEach((residentId, i) => {
    for (let k = 0; k < 3; k++) {
      const n = i * 3 + k;
      const status = n % 10 === 9 ? "rejected" : n % 10 >= 6 ? "pending" : "published";
      const createdAt = new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString();
      storyRows.push({
        id: `big-story-${n}`,
        residentId,
        title: `Memory ${n}: ${["The harbour", "Café days", "First job", "Our garden"][n % 4]}`,
        content: "A story told in the lounge.",
        category: "general",
        reviewStatus: status,
        isPublished: status === "published",
        audience: status === "published" ? "community" : "family",
        reviewNote: status === "rejected" ? "Please add the names of the people in it." : null,
        publishedAt: status === "published" ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  });
  db.transaction((tx) => {
    for (let i = 0; i < storyRows.length; i += 200)
      tx.insert(stories)
        .values(storyRows.slice(i, i + 200))
        .run();
  });
  // a family member's account: every other one accepted their invitation (has a password)
  const { users } = controlSchema;
  let n = 0;
  const control = getControlDb();
  const rows: (typeof users.$inferInsert)[] = [];
  const links: (typeof controlSchema.familyLinks.$inferInsert)[] = [];
  for (const residentId of residentIds) {
    for (let k = 0; k < BIG.familyPerResident; k++) {
      const name = `${["Sarah", "Tomás", "Renée", "Ola"][n % 4]} ${["Ellis", "Peña", "Støre", "Lloyd"][(n >> 2) % 4]} ${n}`;
      const member = createFamilyMember(db, {
        residentId,
        name,
        email: `family${n}@bigcare.example`,
        relationship: k ? "Son" : "Daughter",
      });
      rows.push({
        id: `big-family-user-${n}`,
        tenantId: community.id,
        username: `family${n}`,
        email: member.email,
        displayName: member.name,
        sortName: member.sortName,
        role: ROLE.family,
        passwordHash: n % 2 ? null : passwordHash,
      });
      links.push({
        tenantId: community.id,
        familyMemberId: member.id,
        userId: `big-family-user-${n}`,
        confirmedAt: new Date().toISOString(),
      });
      n++;
    }
  }
  control.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 200)
      tx.insert(users)
        .values(rows.slice(i, i + 200))
        .run();
    for (let i = 0; i < links.length; i += 200)
      tx.insert(controlSchema.familyLinks)
        .values(links.slice(i, i + 200))
        .run();
  });
  return control
    .select()
    .from(controlSchema.communities)
    .where(eq(controlSchema.communities.id, community.id))
    .get()!;
}
