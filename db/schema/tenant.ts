// One community's database. Every table here lives in tenants/{subdomain}.sqlite.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// notification kinds and email choices are spelled in one place, shared with the screens
import { EMAIL_MODE_LIST, NOTIFICATION_KIND_LIST } from "../../app/models/notification-kinds";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["image", "audio"] }).notNull(),
    // server-made file name inside the community's media folder
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    // JSON array of { width, fileName } for srcset
    variants: text("variants"),
    durationSeconds: integer("duration_seconds"),
    uploadedByUserId: text("uploaded_by_user_id"),
    // pending until something owns it; pending media older than a day is swept
    status: text("status", { enum: ["pending", "attached"] })
      .notNull()
      .default("pending"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("media_status_idx").on(t.status, t.createdAt)],
);

export const residents = sqliteTable(
  "residents",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    roomNumber: text("room_number"),
    dateOfBirth: text("date_of_birth"),
    admissionDate: text("admission_date"),
    // her own email, when she has one (her invitation is sent there)
    email: text("email"),
    // the id the facility's own records (care record system, spreadsheet) give her; an import
    // matches on it
    externalId: text("external_id"),
    profileImageId: text("profile_image_id").references(() => media.id, { onDelete: "set null" }),
    // the language their recordings are transcribed in (a Whisper language code)
    preferredLanguage: text("preferred_language").notNull().default("en"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    // sort keys kept by the model on every write (app/utils/text-keys.ts): "last first" folded to
    // lowercase without accents, and the room with its numbers padded so that 2 < 10 < 10B
    sortName: text("sort_name"),
    sortRoom: text("sort_room"),
    // the lounge kiosk (ADR 017): whether she agreed to appear on the kiosk's grid, her
    // 4-digit PIN hashed like a password, and the hash of her current sign-in card's token
    kioskConsent: integer("kiosk_consent", { mode: "boolean" }).notNull().default(false),
    kioskPinHash: text("kiosk_pin_hash"),
    kioskCardTokenHash: text("kiosk_card_token_hash"),
    // whether her family may see the activities she joined (she, or her representative, agreed)
    shareParticipation: integer("share_participation", { mode: "boolean" })
      .notNull()
      .default(false),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("residents_name_idx").on(t.lastName, t.firstName),
    index("residents_sort_name_idx").on(t.sortName, t.id),
    index("residents_sort_room_idx").on(t.sortRoom, t.sortName, t.id),
    index("residents_admission_idx").on(t.admissionDate, t.sortName, t.id),
    uniqueIndex("residents_external_id_unique").on(t.externalId),
  ],
);

export const familyMembers = sqliteTable(
  "family_members",
  {
    id: text("id").primaryKey(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    relationship: text("relationship"),
    phoneNumber: text("phone_number"),
    // the name folded to lowercase without accents, kept by the model on every write
    sortName: text("sort_name"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("family_members_resident_idx").on(t.residentId),
    index("family_members_sort_name_idx").on(t.sortName, t.id),
  ],
);

export const STORY_CATEGORIES = [
  "childhood",
  "family",
  "career",
  "travel",
  "love",
  "friendship",
  "achievement",
  "hobby",
  "general",
] as const;

export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;

/** Who a story is for, chosen by its resident: only them and the care team, their family, or everyone at the community. */
export const STORY_AUDIENCES = ["private", "family", "community"] as const;

export const stories = sqliteTable(
  "stories",
  {
    id: text("id").primaryKey(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id"),
    authorUsername: text("author_username"),
    title: text("title").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    category: text("category").notNull().default("general"),
    imageId: text("image_id").references(() => media.id, { onDelete: "set null" }),
    audioId: text("audio_id").references(() => media.id, { onDelete: "set null" }),
    aiPrompt: text("ai_prompt"),
    durationSeconds: integer("duration_seconds"),
    // the recording's words with their times, [[startMs, endMs, "word"], ...] (whisper.cpp)
    transcriptWords: text("transcript_words"),
    // the language the story is told in (BCP 47, e.g. "es"): the transcription's language or the
    // author's; null for stories from before it was kept (read as the resident's language)
    lang: text("lang"),
    // told at the lounge kiosk with a carer's help: who helped
    helperUserId: text("helper_user_id"),
    helperName: text("helper_name"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    reviewNote: text("review_note"),
    reviewedAt: text("reviewed_at"),
    reviewedByUserId: text("reviewed_by_user_id"),
    publishedAt: text("published_at"),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    // who may see it once approved (the resident leads; staff record that the resident agreed)
    audience: text("audience", { enum: STORY_AUDIENCES }).notNull().default("family"),
    // withdrawn by the resident: out of every audience at once, the care team sees "withdrawn"
    withdrawnAt: text("withdrawn_at"),
    // who last set the audience (the resident, or staff who confirmed the resident agreed)
    audienceSetByUserId: text("audience_set_by_user_id"),
    // the program occurrence it was told or written at (an event and the day of its occurrence)
    eventId: text("event_id"),
    occurrenceDate: text("occurrence_date"),
    // a draft made from a story circle's recording: the circle it was told at
    circleId: text("circle_id"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("stories_resident_idx").on(t.residentId, t.createdAt),
    index("stories_audience_idx").on(t.audience, t.isPublished, t.publishedAt),
    // newest published first, ties by creation: in index order, so a page of cards reads only
    // its own rows instead of sorting every published story
    index("stories_published_idx").on(t.isPublished, t.publishedAt, t.createdAt),
    index("stories_featured_idx").on(t.isFeatured, t.isPublished, t.category),
    index("stories_review_idx").on(t.reviewStatus, t.createdAt),
    // "This Month" on the community home counts stories by creation time
    index("stories_created_idx").on(t.createdAt),
    index("stories_occurrence_idx").on(t.eventId, t.occurrenceDate),
  ],
);

export const REACTION_EMOJI = ["❤️", "😊", "👏", "🥰", "😢", "😂", "🙏", "👍"] as const;

export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    familyMemberId: text("family_member_id").references(() => familyMembers.id, {
      onDelete: "set null",
    }),
    authorUserId: text("author_user_id"),
    authorName: text("author_name").notNull(),
    content: text("content").notNull(),
    emoji: text("emoji"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("comments_story_idx").on(t.storyId, t.createdAt)],
);

export const reactions = sqliteTable(
  "reactions",
  {
    id: text("id").primaryKey(),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    emoji: text("emoji").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("reactions_unique").on(t.storyId, t.userId, t.emoji)],
);

export const storyViews = sqliteTable(
  "story_views",
  {
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    familyMemberId: text("family_member_id")
      .notNull()
      .references(() => familyMembers.id, { onDelete: "cascade" }),
    // community-local calendar day, YYYY-MM-DD: one view per member per story per day
    viewedOn: text("viewed_on").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("story_views_unique").on(t.storyId, t.familyMemberId, t.viewedOn)],
);

export const newsPosts = sqliteTable(
  "news_posts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    authorUserId: text("author_user_id"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("news_posts_order_idx").on(t.isPinned, t.createdAt)],
);

export const calendarEvents = sqliteTable(
  "calendar_events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    // YYYY-MM-DD in the community's time zone
    eventDate: text("event_date").notNull(),
    startTime: text("start_time"),
    endTime: text("end_time"),
    location: text("location"),
    maxParticipants: integer("max_participants"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    // an RFC 5545 RRULE without DTSTART ("FREQ=WEEKLY;BYDAY=TU"), counted from event_date in
    // the community's time zone; null for a one-off event (app/models/recurrence.ts)
    recurrence: text("recurrence"),
    // the last day an occurrence may fall on (derived from the rule's UNTIL or COUNT), for
    // finding the events of a date range without expanding every rule; null: it goes on
    lastDate: text("last_date"),
    createdByUserId: text("created_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("calendar_events_date_idx").on(t.eventDate),
    index("calendar_events_last_idx").on(t.lastDate),
  ],
);

/**
 * One occurrence of a repeating event changed or cancelled (RFC 5545's RECURRENCE-ID): the
 * occurrence keeps the date its rule gives (`occurrence_date`) as its name; it may be moved to
 * another day or time, or cancelled.
 */
export const eventOccurrenceChanges = sqliteTable(
  "event_occurrence_changes",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceDate: text("occurrence_date").notNull(),
    cancelled: integer("cancelled", { mode: "boolean" }).notNull().default(false),
    // moved: the day and times it now has (null: as the event has them)
    eventDate: text("event_date"),
    startTime: text("start_time"),
    endTime: text("end_time"),
    location: text("location"),
    updatedByUserId: text("updated_by_user_id"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("event_occurrence_changes_pk").on(t.eventId, t.occurrenceDate),
    index("event_occurrence_changes_moved_idx").on(t.eventDate),
  ],
);

export const ATTENDANCE_STATUSES = [
  "attended",
  "declined",
  "one_to_one",
  "unwell",
  "absent",
] as const;
export const ENGAGEMENT_LEVELS = ["active", "passive", "none"] as const;
export const MOODS = ["happy", "calm", "anxious", "sad", "agitated"] as const;

/**
 * Who took part in an occurrence, and how; or a one-to-one visit logged without an event
 * (`event_id` null, `activity` saying what was done). One row per resident per occurrence.
 */
export const attendance = sqliteTable(
  "attendance",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").references(() => calendarEvents.id, { onDelete: "cascade" }),
    // the occurrence's date as its rule gives it; for a visit, the day of the visit
    occurrenceDate: text("occurrence_date").notNull(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    status: text("status", { enum: ATTENDANCE_STATUSES }).notNull(),
    engagement: text("engagement", { enum: ENGAGEMENT_LEVELS }),
    mood: text("mood", { enum: MOODS }),
    note: text("note"),
    minutes: integer("minutes"),
    // a visit without an event: what was done ("Read the newspaper together")
    activity: text("activity"),
    recordedByUserId: text("recorded_by_user_id"),
    recordedByName: text("recorded_by_name"),
    recordedAt: text("recorded_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("attendance_occurrence_resident_idx").on(t.eventId, t.occurrenceDate, t.residentId),
    index("attendance_resident_idx").on(t.residentId, t.occurrenceDate),
    index("attendance_date_idx").on(t.occurrenceDate),
  ],
);

/** Residents signed up for an occurrence of an event with a maximum: the first come first. */
export const eventSignups = sqliteTable(
  "event_signups",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceDate: text("occurrence_date").notNull(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    signedUpByUserId: text("signed_up_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("event_signups_pk").on(t.eventId, t.occurrenceDate, t.residentId),
    index("event_signups_resident_idx").on(t.residentId),
  ],
);

/** A resident's activity assessment and preferences: what the program is planned from. */
export const activityProfiles = sqliteTable("activity_profiles", {
  residentId: text("resident_id")
    .primaryKey()
    .references(() => residents.id, { onDelete: "cascade" }),
  interests: text("interests"),
  enjoys: text("enjoys"),
  refuses: text("refuses"),
  preferredTimes: text("preferred_times"),
  groupSize: text("group_size", { enum: ["one_to_one", "small", "large", "any"] }),
  notes: text("notes"),
  // YYYY-MM-DD: the day the activity assessment was done
  assessedAt: text("assessed_at"),
  assessedByUserId: text("assessed_by_user_id"),
  updatedAt: text("updated_at").notNull().default(now),
});

/** The quarterly activity note for a resident, drafted from the log, edited and signed by staff. */
export const activityNotes = sqliteTable(
  "activity_notes",
  {
    id: text("id").primaryKey(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    // "2026-Q4"
    quarter: text("quarter").notNull(),
    body: text("body").notNull(),
    signedByUserId: text("signed_by_user_id"),
    signedByName: text("signed_by_name"),
    signedAt: text("signed_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("activity_notes_quarter_idx").on(t.residentId, t.quarter)],
);

export const familyPhotos = sqliteTable(
  "family_photos",
  {
    id: text("id").primaryKey(),
    familyMemberId: text("family_member_id")
      .notNull()
      .references(() => familyMembers.id, { onDelete: "cascade" }),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => media.id),
    description: text("description"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("family_photos_resident_idx").on(t.residentId, t.createdAt)],
);

export const familyQuestions = sqliteTable(
  "family_questions",
  {
    id: text("id").primaryKey(),
    familyMemberId: text("family_member_id")
      .notNull()
      .references(() => familyMembers.id, { onDelete: "cascade" }),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answeredStoryId: text("answered_story_id").references(() => stories.id, {
      onDelete: "set null",
    }),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("family_questions_resident_idx").on(t.residentId, t.createdAt)],
);

export const TRANSCRIPTION_STATUSES = ["queued", "running", "done", "failed"] as const;

export const transcriptionJobs = sqliteTable(
  "transcription_jobs",
  {
    id: text("id").primaryKey(),
    audioId: text("audio_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    status: text("status", { enum: TRANSCRIPTION_STATUSES }).notNull().default("queued"),
    text: text("text"),
    // the words with their times, as stories.transcript_words
    words: text("words"),
    // the Whisper language asked for (null: English)
    language: text("language"),
    // a transcription run again for a saved story (the review page); its words go to that story
    storyId: text("story_id").references(() => stories.id, { onDelete: "cascade" }),
    error: text("error"),
    requestedByUserId: text("requested_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
  },
  (t) => [index("transcription_jobs_status_idx").on(t.status, t.createdAt)],
);

export const ACTIVITY_TYPES = [
  "story_published",
  "story_submitted",
  "comment_added",
  "photo_shared",
  "question_asked",
  "event_added",
  "news_posted",
  "resident_added",
] as const;

export const activity = sqliteTable(
  "activity",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ACTIVITY_TYPES }).notNull(),
    actorUserId: text("actor_user_id"),
    actorName: text("actor_name"),
    subjectId: text("subject_id"),
    // what happened as its values (JSON: names, titles), written in each reader's language;
    // `summary` is the English sentence, for rows written before values were kept
    values: text("values"),
    summary: text("summary").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("activity_created_idx").on(t.createdAt)],
);

// --- families in the loop: notifications, their settings, the email queue, the digest ---

export const NOTIFICATION_KINDS = NOTIFICATION_KIND_LIST;

/** immediate: one email per notification (and the weekly digest); digest: the weekly digest only; never: no email. */
export const EMAIL_MODES = EMAIL_MODE_LIST;

/**
 * What became of a notification's email: none wanted, queued at once, waiting for the digest, sent
 * in a digest, or held for the next email about the same story (one email per person and story in
 * ten minutes), which lists it; once that email has gone, "queued".
 */
export const NOTIFICATION_EMAIL_STATES = [
  "none",
  "queued",
  "awaiting_digest",
  "in_digest",
  "held",
] as const;

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    // the recipient: a user of this community (users live in the control database)
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    // the notification as its kind and values (JSON), written in the reader's language when read
    // or sent; `text` is the English sentence, for rows written before values were kept
    values: text("values"),
    text: text("text").notNull(),
    // a path on the community's site, e.g. /stories/{id}
    link: text("link").notNull(),
    subjectId: text("subject_id"),
    actorUserId: text("actor_user_id"),
    emailState: text("email_state", { enum: NOTIFICATION_EMAIL_STATES }).notNull().default("none"),
    createdAt: text("created_at").notNull().default(now),
    readAt: text("read_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId, t.readAt),
  ],
);

export const notificationSettings = sqliteTable("notification_settings", {
  userId: text("user_id").primaryKey(),
  // comma-separated kinds the person turned off
  disabledKinds: text("disabled_kinds").notNull().default(""),
  // null: the default for the person's role
  emailMode: text("email_mode", { enum: EMAIL_MODES }),
  updatedAt: text("updated_at").notNull().default(now),
});

export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;

/** The email queue: a row per message, rendered when queued, sent by the worker in the server process. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["notification", "digest", "invitation", "password"] }).notNull(),
    toUserId: text("to_user_id"),
    toAddress: text("to_address").notNull(),
    toName: text("to_name"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // absolute one-click unsubscribe URL (List-Unsubscribe header)
    unsubscribeUrl: text("unsubscribe_url"),
    // at most one message per key (a person's digest of one week)
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(now),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    uniqueIndex("email_outbox_dedupe_unique").on(t.dedupeKey),
  ],
);

/** One row (id "community"): when the weekly digest goes out, in the community's time zone. */
export const communitySettings = sqliteTable("community_settings", {
  id: text("id").primaryKey(),
  // 0 = Sunday ... 6 = Saturday
  digestDay: integer("digest_day").notNull().default(0),
  // 0-23, local hour
  digestHour: integer("digest_hour").notNull().default(17),
  // end of the window the last digest covered (UTC ISO); null until the first scheduled run
  lastDigestAt: text("last_digest_at"),
  updatedAt: text("updated_at").notNull().default(now),
});

// --- what care practice asks for: About me, and recordings reachable from a printed book ---

/** One row per resident: the one-page "About me" for carers ("This is me"). */
export const aboutMe = sqliteTable("about_me", {
  residentId: text("resident_id")
    .primaryKey()
    .references(() => residents.id, { onDelete: "cascade" }),
  preferredName: text("preferred_name"),
  grewUp: text("grew_up"),
  work: text("work"),
  family: text("family"),
  enjoys: text("enjoys"),
  routines: text("routines"),
  worries: text("worries"),
  calms: text("calms"),
  talking: text("talking"),
  // the resident's choice: family may read it, and may also fill it in
  familyMayView: integer("family_may_view", { mode: "boolean" }).notNull().default(false),
  familyMayEdit: integer("family_may_edit", { mode: "boolean" }).notNull().default(false),
  updatedByUserId: text("updated_by_user_id"),
  updatedAt: text("updated_at").notNull().default(now),
});

/** A signed link printed as a QR code in the life-story book: plays one story's recording signed out, until revoked. */
export const recordingLinks = sqliteTable(
  "recording_links",
  {
    id: text("id").primaryKey(),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("recording_links_story_idx").on(t.storyId)],
);

// Lounge kiosks (ADR 017): a browser bound to the community as a device, no user signed
// in. The setup link's token and the device cookie's secret are stored as sha256 hashes.
export const kiosks = sqliteTable("kiosks", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  setupTokenHash: text("setup_token_hash"),
  setupExpiresAt: text("setup_expires_at"),
  deviceSecretHash: text("device_secret_hash"),
  createdByUserId: text("created_by_user_id"),
  setUpAt: text("set_up_at"),
  lastUsedAt: text("last_used_at"),
  revokedAt: text("revoked_at"),
  createdAt: text("created_at").notNull().default(now),
});

// The resident using a kiosk right now: at most one per kiosk, ended by "I'm done", by saving,
// by 2 minutes without input, or by revoking the kiosk.
export const kioskSessions = sqliteTable(
  "kiosk_sessions",
  {
    id: text("id").primaryKey(),
    kioskId: text("kiosk_id")
      .notNull()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    helperUserId: text("helper_user_id"),
    helperName: text("helper_name"),
    startedAt: text("started_at").notNull().default(now),
    lastInputAt: text("last_input_at").notNull().default(now),
    // set when 2 minutes without input ended the turn: a form of that turn sent within 30 minutes
    // takes it up again; every other end removes the row
    endedAt: text("ended_at"),
    // that end is in the audit log
    endAudited: integer("end_audited", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("kiosk_sessions_kiosk_idx").on(t.kioskId)],
);

// A recording made in a kiosk turn and not yet saved as a story: what it needs to be kept as one
// ("Words to add") once the turn is over for good, unless the resident threw it away.
export const kioskRecordings = sqliteTable(
  "kiosk_recordings",
  {
    audioId: text("audio_id")
      .primaryKey()
      .references(() => media.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    kioskId: text("kiosk_id").notNull(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    helperUserId: text("helper_user_id"),
    helperName: text("helper_name"),
    category: text("category").notNull(),
    promptKey: text("prompt_key"),
    jobId: text("job_id"),
    // "I'm done" asked "Keep this recording?": unanswered, it is kept when the turn ends
    askedAt: text("asked_at"),
    // what she typed at the preview when it was sent after her turn had ended: kept with it
    words: text("words"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("kiosk_recordings_session_idx").on(t.sessionId)],
);

// A story typed at a kiosk whose turn had ended when it was sent: kept for the resident on that
// kiosk for a day, and put back in the form when she next starts a turn there.
export const kioskDrafts = sqliteTable(
  "kiosk_drafts",
  {
    id: text("id").primaryKey(),
    kioskId: text("kiosk_id").notNull(),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    audience: text("audience"),
    questionId: text("question_id"),
    // the photo she chose with it: a media row the draft owns until the story is saved
    imageId: text("image_id").references(() => media.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("kiosk_drafts_kiosk_resident_idx").on(t.kioskId, t.residentId)],
);

/**
 * A staff member's calendar subscription: the secret in the .ics URL a calendar program polls
 * (it cannot sign in), kept as a hash. Making a new one replaces the old, which stops working.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: text("created_at").notNull().default(now),
});

/** What the community's library holds: photographs and short songs or sounds. */
export const LIBRARY_KINDS = ["photo", "audio"] as const;

/**
 * The community's own picture and music library, offered beside prompts of matching decades and
 * themes. Each item is one media row (an image with its sizes, or a short audio clip).
 */
export const libraryItems = sqliteTable(
  "library_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: LIBRARY_KINDS }).notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    // space-separated decades ("1950s 1960s") and themes (category values or short topic words)
    decades: text("decades").notNull().default(""),
    themes: text("themes").notNull().default(""),
    // where it came from and that the community may use it ("Scanned from the 1956 yearbook")
    source: text("source"),
    uploadedByUserId: text("uploaded_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("library_items_kind_idx").on(t.kind, t.createdAt)],
);

export const CIRCLE_STATUSES = ["running", "finished"] as const;

/**
 * A story circle: group reminiscence around one theme, shown a prompt (and a picture) at a time on
 * a lounge screen, recorded once; the speakers' taps cut the recording into each one's story.
 */
export const circles = sqliteTable(
  "circles",
  {
    id: text("id").primaryKey(),
    // the theme: a category value, a decade ("1950s"), or a topic in the staff's words
    category: text("category"),
    decade: text("decade"),
    topic: text("topic"),
    // the occurrence of the activity calendar it was held at, when started from one
    eventId: text("event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
    occurrenceDate: text("occurrence_date"),
    status: text("status", { enum: CIRCLE_STATUSES }).notNull().default("running"),
    // JSON array of { key, text, libraryItemId }: the prompts in the order shown
    prompts: text("prompts").notNull().default("[]"),
    // the prompt shown now on the screen view (0-based)
    step: integer("step").notNull().default(0),
    // a song chosen from the library, played on the screen view
    songId: text("song_id").references(() => libraryItems.id, { onDelete: "set null" }),
    recordingId: text("recording_id").references(() => media.id, { onDelete: "set null" }),
    // when the recording started, so that taps made while it ran are placed in it
    recordingStartedAt: text("recording_started_at"),
    transcriptionJobId: text("transcription_job_id"),
    language: text("language"),
    startedByUserId: text("started_by_user_id"),
    createdAt: text("created_at").notNull().default(now),
    finishedAt: text("finished_at"),
  },
  (t) => [
    index("circles_occurrence_idx").on(t.eventId, t.occurrenceDate),
    index("circles_created_idx").on(t.createdAt),
  ],
);

/** Who sat in a circle; after it, the draft story of what she said (none if she only listened). */
export const circleParticipants = sqliteTable(
  "circle_participants",
  {
    circleId: text("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    storyId: text("story_id").references(() => stories.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("circle_participants_pk").on(t.circleId, t.residentId),
    index("circle_participants_resident_idx").on(t.residentId),
  ],
);

/** "Now speaking": a tap naming who began to speak, at a time into the circle's recording. */
export const circleSpeakers = sqliteTable(
  "circle_speakers",
  {
    id: text("id").primaryKey(),
    circleId: text("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    residentId: text("resident_id")
      .notNull()
      .references(() => residents.id, { onDelete: "cascade" }),
    // milliseconds from the start of the recording
    atMs: integer("at_ms").notNull(),
    // the prompt on the screen when the tap was made
    step: integer("step").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("circle_speakers_circle_idx").on(t.circleId, t.atMs)],
);
