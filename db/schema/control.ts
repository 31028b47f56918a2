// Control database: the tenant registry and everything that is not one community's data.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
// role names are spelled in one place, app/utils/roles.ts
import { ROLES } from "../../app/utils/roles";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const communities = sqliteTable(
  "communities",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    subdomain: text("subdomain").notNull(),
    address: text("address"),
    city: text("city"),
    phone: text("phone"),
    email: text("email"),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    // the language of everyone who has not chosen one, and of signed-out visitors whose browser
    // asks for none the product has (a folder of app/locales)
    defaultLanguage: text("default_language").notNull().default("en"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    // the name folded to lowercase without accents (app/utils/text-keys.ts), for sorting
    sortName: text("sort_name"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("communities_subdomain_unique").on(t.subdomain),
    index("communities_sort_name_idx").on(t.sortName, t.id),
    index("communities_created_idx").on(t.createdAt),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    // null only for super admins, who belong to no community
    tenantId: text("tenant_id").references(() => communities.id),
    username: text("username").notNull(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    passwordHash: text("password_hash"),
    mustChangePassword: integer("must_change_password", { mode: "boolean" })
      .notNull()
      .default(false),
    // links into the community's own database for the resident role (family: family_links)
    residentId: text("resident_id"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    // the language they chose to read Storyloom in; null: their community's default
    language: text("language"),
    // the display name folded to lowercase without accents (app/utils/text-keys.ts), for sorting
    sortName: text("sort_name"),
    createdAt: text("created_at").notNull().default(now),
    lastLoginAt: text("last_login_at"),
  },
  (t) => [
    // SQLite treats NULLs as distinct, so super admin usernames are checked in code as well
    uniqueIndex("users_tenant_username_unique").on(t.tenantId, t.username),
    index("users_tenant_idx").on(t.tenantId),
    index("users_tenant_sort_name_idx").on(t.tenantId, t.sortName, t.id),
    index("users_sort_name_idx").on(t.sortName, t.id),
    index("users_username_idx").on(t.username, t.id),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // the host the session was issued for; a session is only valid on that host
    host: text("host").notNull(),
    createdAt: text("created_at").notNull().default(now),
    lastSeenAt: text("last_seen_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    // login-as: the super admin who opened this session as the user, and (when they did it on
    // this same host) their own session, which "Return to super admin" puts back
    impersonatorUserId: text("impersonator_user_id"),
    returnSessionId: text("return_session_id"),
    // a family account's session: which of the residents she follows her pages show (a
    // family_members.id of hers); null: the one she has followed longest
    familyMemberId: text("family_member_id"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * The residents a family account follows: one row per family member record (family_members in the
 * community's own database, one per resident, with the relationship) that the account signs in
 * as. A record belongs to at most one account. A link made for an account she already had waits
 * for her to confirm it (confirmed_at null) and shows her nothing of that resident until then.
 */
export const familyLinks = sqliteTable(
  "family_links",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => communities.id),
    familyMemberId: text("family_member_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    confirmedAt: text("confirmed_at"),
    // when she last opened this resident's family page ("new since your last visit")
    seenAt: text("seen_at"),
    createdByUserId: text("created_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.familyMemberId] }),
    index("family_links_user_idx").on(t.userId, t.createdAt),
  ],
);

// invite: an invitation or sign-in link (choose a first password); reset: a forgotten password
export const TOKEN_PURPOSES = ["login", "impersonate", "invite", "reset"] as const;

export const loginTokens = sqliteTable(
  "login_tokens",
  {
    // sha256 of the token; the token itself is never stored
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id"),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    createdByUserId: text("created_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    // when the link's page was first opened (an invitation's "opened")
    openedAt: text("opened_at"),
    // when a newer link or a "Revoke" replaced it: it no longer works
    revokedAt: text("revoked_at"),
    // the email that carried the link (email_outbox.id in the community's database), if any
    emailId: text("email_id"),
  },
  (t) => [index("login_tokens_user_idx").on(t.userId)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: text("at").notNull().default(now),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    targetUserId: text("target_user_id"),
    tenantId: text("tenant_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: text("details"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_tenant_at_idx").on(t.tenantId, t.at),
  ],
);

export const leads = sqliteTable("leads", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  facility: text("facility").notNull(),
  phone: text("phone"),
  message: text("message"),
  ip: text("ip"),
  createdAt: text("created_at").notNull().default(now),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/**
 * What a form held when it was sent after its session had ended (app/utils/kept-forms.server.ts):
 * given back once to the same browser, on the same site and page, after the person signs in again.
 */
export const keptForms = sqliteTable(
  "kept_forms",
  {
    id: text("id").primaryKey(),
    // sha256 of the browser's random id (its storyloom_kept cookie); the id itself is never stored
    browserHash: text("browser_hash").notNull(),
    // the host the form was sent to, and its community (null on the main site)
    host: text("host").notNull(),
    communityId: text("community_id"),
    // the form's page: its path and query, where the person is sent back after signing in
    page: text("page").notNull(),
    // the user whose session had ended, when it was still known; only they get the text back
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    // the roles the refusing guard admits (JSON array), null for any member of the community
    roles: text("roles"),
    intent: text("intent"),
    // JSON [name, value][] of the text fields, in the order sent
    fields: text("fields").notNull(),
    // bytes of the fields, for the per-row cap and the table's overall budget
    size: integer("size").notNull(),
    // a file was chosen on the form; files are not kept
    filesLeftOut: integer("files_left_out", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    index("kept_forms_browser_page_idx").on(t.browserHash, t.page),
    index("kept_forms_expires_idx").on(t.expiresAt),
    index("kept_forms_created_idx").on(t.createdAt),
  ],
);
