// Loads the demo data: a super admin and three communities full of people, stories and events.
// Idempotent (a community that exists is left alone) and deterministic (ids derive from the
// content; dates are relative to the day it runs, so "today" and "tomorrow" stay true).
import crypto from "node:crypto";
import sharp from "sharp";
import { addDays, format, subDays, subHours } from "date-fns";
import { createCommunity, getCommunityBySubdomain } from "~/models/community.server";
import { createUser, getUserById } from "~/models/user.server";
import { saveImage } from "~/models/media.server";
import { tenantSchema, type TenantDb, getTenantDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { nameSortKey, personSortKey, roomSortKey } from "~/utils/text-keys";
import type { SeedCommunity, SeedImage } from "./types";

export const DEMO_PASSWORD = "storyloom-demo";
export const SUPER_ADMIN = {
  username: "superadmin",
  email: "superadmin@storyloom.example",
  displayName: "Sam Rivera",
};

const t = tenantSchema;

export function seedId(...parts: string[]): string {
  return crypto
    .createHash("sha256")
    .update(`storyloom-seed:${parts.join(":")}`)
    .digest("base64url")
    .slice(0, 22);
}

function isoDaysAgo(now: Date, days: number, hourSalt: string) {
  // a deterministic hour of the day so that stories do not all share one timestamp
  const hours =
    parseInt(crypto.createHash("sha256").update(hourSalt).digest("hex").slice(0, 4), 16) % 10;
  return subHours(subDays(now, days), hours).toISOString();
}

const SCENES: Record<SeedImage["scene"], (w: number, h: number) => string> = {
  garden: (w, h) =>
    `<rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#3d7a3a"/>` +
    Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="${80 + i * 130}" cy="${h * 0.62}" r="34" fill="${["#e63946", "#f4a261", "#e9c46a"][i % 3]}"/>`,
    ).join(""),
  sea: (w, h) =>
    `<rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="#1d5f8a"/><circle cx="${w * 0.75}" cy="${h * 0.3}" r="70" fill="#ffd166"/>`,
  city: (w, h) =>
    Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="${i * 150 + 10}" y="${h * (0.3 + (i % 3) * 0.1)}" width="120" height="${h}" fill="#3a3a52"/>`,
    ).join(""),
  mountain: (w, h) =>
    `<polygon points="0,${h} ${w * 0.35},${h * 0.25} ${w * 0.7},${h} " fill="#5c6b73"/><polygon points="${w * 0.4},${h} ${w * 0.75},${h * 0.35} ${w},${h}" fill="#7d8f99"/>`,
  kitchen: (w, h) =>
    `<rect y="${h * 0.65}" width="${w}" height="${h * 0.35}" fill="#8d5524"/><rect x="${w * 0.3}" y="${h * 0.35}" width="${w * 0.4}" height="${h * 0.3}" rx="30" fill="#f1faee"/>`,
  portrait: (w, h) =>
    `<circle cx="${w / 2}" cy="${h * 0.4}" r="${h * 0.18}" fill="#f1c27d"/><rect x="${w * 0.3}" y="${h * 0.6}" width="${w * 0.4}" height="${h * 0.4}" rx="60" fill="#264653"/>`,
  field: (w, h) =>
    `<rect y="${h * 0.5}" width="${w}" height="${h * 0.5}" fill="#e9c46a"/><circle cx="${w * 0.2}" cy="${h * 0.25}" r="60" fill="#fff3b0"/>`,
  lake: (w, h) =>
    `<ellipse cx="${w / 2}" cy="${h * 0.75}" rx="${w * 0.45}" ry="${h * 0.15}" fill="#2a9d8f"/><rect y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="#386641"/>`,
};

export async function drawSeedImage(image: SeedImage): Promise<Buffer> {
  const w = 1200;
  const h = 800;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${image.from}"/><stop offset="1" stop-color="${image.to}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${SCENES[image.scene](w, h)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

export type SeedReport = { superAdminCreated: boolean; created: string[]; skipped: string[] };

export async function seedDemoData(
  communities: SeedCommunity[],
  now = new Date(),
): Promise<SeedReport> {
  const report: SeedReport = { superAdminCreated: false, created: [], skipped: [] };
  // one hash for every demo account keeps seeding fast; these accounts are for development only
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const superId = seedId("user", "super_admin", SUPER_ADMIN.username);
  if (!getUserById(superId)) {
    await createUser({
      id: superId,
      tenantId: null,
      role: "super_admin",
      passwordHash,
      ...SUPER_ADMIN,
    });
    report.superAdminCreated = true;
  }

  for (const c of communities) {
    if (getCommunityBySubdomain(c.subdomain)) {
      report.skipped.push(c.subdomain);
      continue;
    }
    const community = createCommunity({
      id: seedId("community", c.subdomain),
      name: c.name,
      subdomain: c.subdomain,
      address: c.address,
      city: c.city,
      phone: c.phone,
      email: c.email,
      timeZone: c.timeZone,
    });
    const db = getTenantDb(community);
    const sub = c.subdomain;
    const uid = (username: string) => seedId("user", sub, username);

    for (const s of c.staff) {
      await createUser({
        id: uid(s.username),
        tenantId: community.id,
        username: s.username,
        email: s.email,
        displayName: s.displayName,
        role: s.role,
        passwordHash,
      });
    }

    const residentIds = new Map<string, string>();
    const residentNames = new Map<string, string>();
    for (const r of c.residents) {
      const id = seedId(sub, "resident", r.key);
      residentIds.set(r.key, id);
      residentNames.set(r.key, `${r.firstName} ${r.lastName}`);
      db.insert(t.residents)
        .values({
          id,
          firstName: r.firstName,
          lastName: r.lastName,
          roomNumber: r.roomNumber,
          dateOfBirth: r.dateOfBirth,
          admissionDate: r.admissionDate,
          isActive: r.isActive,
          sortName: personSortKey(r.firstName, r.lastName),
          sortRoom: roomSortKey(r.roomNumber),
          createdAt: isoDaysAgo(now, 400, id),
          // the lounge kiosk: a few residents agreed, with their PINs
          kioskConsent: !!r.kioskPin,
          kioskPinHash: r.kioskPin ? await hashPassword(r.kioskPin) : null,
        })
        .run();
      await createUser({
        id: uid(r.username),
        tenantId: community.id,
        username: r.username,
        email: r.email,
        displayName: `${r.firstName} ${r.lastName}`,
        role: "resident",
        passwordHash,
        residentId: id,
      });
    }

    const familyIds = new Map<string, string>();
    const familyByResident = new Map<string, string[]>();
    const familyNames = new Map<string, string>();
    for (const f of c.family) {
      const id = seedId(sub, "family", f.key);
      const residentId = residentIds.get(f.residentKey)!;
      familyIds.set(f.key, id);
      familyNames.set(f.key, f.name);
      familyByResident.set(f.residentKey, [...(familyByResident.get(f.residentKey) ?? []), id]);
      db.insert(t.familyMembers)
        .values({
          id,
          residentId,
          name: f.name,
          email: f.email,
          relationship: f.relationship,
          phoneNumber: f.phoneNumber,
          sortName: nameSortKey(f.name),
        })
        .run();
      await createUser({
        id: uid(f.username),
        tenantId: community.id,
        username: f.username,
        email: f.email,
        displayName: f.name,
        role: "family",
        passwordHash,
        familyMemberId: id,
      });
    }
    const familyUserId = new Map(c.family.map((f) => [f.key, uid(f.username)]));
    const residentUser = new Map(
      c.residents.map((r) => [r.key, { id: uid(r.username), username: r.username }]),
    );
    const admin = c.staff.find((s) => s.role === "administrator")!;

    const storyIds = new Map<string, string>();
    for (const s of c.stories) {
      const id = seedId(sub, "story", s.key);
      storyIds.set(s.key, id);
      const createdAt = isoDaysAgo(now, s.daysAgo, id);
      const reviewedAt =
        s.status === "pending"
          ? null
          : new Date(Math.min(Date.parse(createdAt) + 86_400_000, now.getTime())).toISOString();
      let imageId: string | null = null;
      if (s.image) {
        const row = await saveImage(db, community, await drawSeedImage(s.image), {
          uploadedByUserId: residentUser.get(s.residentKey)?.id,
          status: "attached",
        });
        imageId = row.id;
      }
      const author = residentUser.get(s.residentKey)!;
      db.insert(t.stories)
        .values({
          id,
          residentId: residentIds.get(s.residentKey)!,
          authorUserId: author.id,
          authorUsername: author.username,
          title: s.title,
          content: s.content,
          excerpt: s.excerpt,
          category: s.category,
          imageId,
          aiPrompt: s.aiPrompt,
          isPublished: s.status === "published",
          isFeatured: s.status === "published" && s.featured,
          // as the migration that added audiences: what was published is shared with everyone, the rest with family
          audience: s.status === "published" ? "community" : "family",
          reviewStatus: s.status,
          reviewNote: s.reviewNote,
          reviewedAt,
          reviewedByUserId: reviewedAt ? uid(admin.username) : null,
          publishedAt: s.status === "published" ? reviewedAt : null,
          createdAt,
          updatedAt: reviewedAt ?? createdAt,
        })
        .run();
      if (s.status === "published") {
        addActivity(
          db,
          seedId(sub, "activity", "published", s.key),
          "story_published",
          reviewedAt!,
          `${residentNames.get(s.residentKey)} shared "${s.title}"`,
          id,
          author.id,
          residentNames.get(s.residentKey)!,
          { name: residentNames.get(s.residentKey)!, title: s.title },
        );
        // family members of the resident read it on a few different days
        const readers = familyByResident.get(s.residentKey) ?? [];
        readers.forEach((familyMemberId, i) => {
          for (let d = 0; d <= (i + s.daysAgo) % 3; d++) {
            const day = format(subDays(now, Math.max(0, s.daysAgo - 1 - d * 2)), "yyyy-MM-dd");
            db.insert(t.storyViews)
              .values({ storyId: id, familyMemberId, viewedOn: day })
              .onConflictDoNothing()
              .run();
          }
        });
      }
    }

    const storyTitles = new Map(c.stories.map((s) => [s.key, s.title]));
    c.comments.forEach((cm, i) => {
      const storyId = storyIds.get(cm.storyKey)!;
      const familyMemberId = familyIds.get(cm.familyKey)!;
      const createdAt = isoDaysAgo(now, cm.daysAgo, `${storyId}${i}`);
      db.insert(t.comments)
        .values({
          id: seedId(sub, "comment", String(i)),
          storyId,
          familyMemberId,
          authorUserId: familyUserId.get(cm.familyKey)!,
          authorName: familyNames.get(cm.familyKey)!,
          content: cm.content,
          emoji: cm.emoji,
          createdAt,
        })
        .run();
      db.insert(t.reactions)
        .values({
          id: seedId(sub, "reaction", String(i)),
          storyId,
          userId: familyUserId.get(cm.familyKey)!,
          emoji: cm.emoji,
          createdAt,
        })
        .onConflictDoNothing()
        .run();
      addActivity(
        db,
        seedId(sub, "activity", "comment", String(i)),
        "comment_added",
        createdAt,
        `${familyNames.get(cm.familyKey)} commented on "${storyTitles.get(cm.storyKey)}"`,
        storyId,
        familyUserId.get(cm.familyKey)!,
        familyNames.get(cm.familyKey)!,
        { name: familyNames.get(cm.familyKey)!, title: storyTitles.get(cm.storyKey)! },
      );
    });
    // counters match the rows
    db.$client.exec(`
      UPDATE stories SET like_count = (SELECT count(*) FROM reactions WHERE reactions.story_id = stories.id),
                         view_count = (SELECT count(*) FROM story_views WHERE story_views.story_id = stories.id);`);

    c.news.forEach((n, i) => {
      const createdAt = isoDaysAgo(now, n.daysAgo, `${sub}news${i}`);
      db.insert(t.newsPosts)
        .values({
          id: seedId(sub, "news", String(i)),
          title: n.title,
          content: n.content,
          isPublished: n.isPublished,
          isPinned: n.isPinned,
          authorUserId: uid(admin.username),
          createdAt,
          updatedAt: createdAt,
        })
        .run();
      if (n.isPublished)
        addActivity(
          db,
          seedId(sub, "activity", "news", String(i)),
          "news_posted",
          createdAt,
          `News: ${n.title}`,
          null,
          uid(admin.username),
          admin.displayName,
          { title: n.title },
        );
    });

    const today = todayIn(c.timeZone, now);
    c.events.forEach((e, i) => {
      const createdAt = isoDaysAgo(now, Math.max(1, 10 - e.dayOffset), `${sub}event${i}`);
      const id = seedId(sub, "event", String(i));
      db.insert(t.calendarEvents)
        .values({
          id,
          title: e.title,
          description: e.description,
          eventDate: format(addDays(today, e.dayOffset), "yyyy-MM-dd"),
          startTime: e.startTime,
          endTime: e.endTime,
          location: e.location,
          maxParticipants: e.maxParticipants,
          isActive: e.isActive,
          createdByUserId: uid(admin.username),
          createdAt,
          updatedAt: createdAt,
        })
        .run();
      addActivity(
        db,
        seedId(sub, "activity", "event", String(i)),
        "event_added",
        createdAt,
        `New event: ${e.title}`,
        id,
        uid(admin.username),
        admin.displayName,
        { title: e.title },
      );
    });
    report.created.push(sub);
  }
  return report;
}

/** The calendar day in a time zone, as a local Date at midnight (for date arithmetic). */
export function todayIn(timeZone: string, now = new Date()): Date {
  const ymd = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
}

function addActivity(
  db: TenantDb,
  id: string,
  type: (typeof t.activity.$inferInsert)["type"],
  createdAt: string,
  summary: string,
  subjectId: string | null,
  actorUserId: string,
  actorName: string,
  values: { name?: string; title?: string },
) {
  db.insert(t.activity)
    .values({
      id,
      type,
      createdAt,
      summary,
      values: JSON.stringify(values),
      subjectId,
      actorUserId,
      actorName,
    })
    .onConflictDoNothing()
    .run();
}
