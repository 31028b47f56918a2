CREATE TABLE `activity_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`resident_id` text NOT NULL,
	`quarter` text NOT NULL,
	`body` text NOT NULL,
	`signed_by_user_id` text,
	`signed_by_name` text,
	`signed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_notes_quarter_idx` ON `activity_notes` (`resident_id`,`quarter`);--> statement-breakpoint
CREATE TABLE `activity_profiles` (
	`resident_id` text PRIMARY KEY NOT NULL,
	`interests` text,
	`enjoys` text,
	`refuses` text,
	`preferred_times` text,
	`group_size` text,
	`notes` text,
	`assessed_at` text,
	`assessed_by_user_id` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`occurrence_date` text NOT NULL,
	`resident_id` text NOT NULL,
	`status` text NOT NULL,
	`engagement` text,
	`mood` text,
	`note` text,
	`minutes` integer,
	`activity` text,
	`recorded_by_user_id` text,
	`recorded_by_name` text,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_occurrence_resident_idx` ON `attendance` (`event_id`,`occurrence_date`,`resident_id`);--> statement-breakpoint
CREATE INDEX `attendance_resident_idx` ON `attendance` (`resident_id`,`occurrence_date`);--> statement-breakpoint
CREATE INDEX `attendance_date_idx` ON `attendance` (`occurrence_date`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `event_occurrence_changes` (
	`event_id` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`event_date` text,
	`start_time` text,
	`end_time` text,
	`location` text,
	`updated_by_user_id` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_occurrence_changes_pk` ON `event_occurrence_changes` (`event_id`,`occurrence_date`);--> statement-breakpoint
CREATE INDEX `event_occurrence_changes_moved_idx` ON `event_occurrence_changes` (`event_date`);--> statement-breakpoint
CREATE TABLE `event_signups` (
	`event_id` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`resident_id` text NOT NULL,
	`signed_up_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_signups_pk` ON `event_signups` (`event_id`,`occurrence_date`,`resident_id`);--> statement-breakpoint
CREATE INDEX `event_signups_resident_idx` ON `event_signups` (`resident_id`);--> statement-breakpoint
ALTER TABLE `calendar_events` ADD `recurrence` text;--> statement-breakpoint
ALTER TABLE `calendar_events` ADD `last_date` text;--> statement-breakpoint
CREATE INDEX `calendar_events_last_idx` ON `calendar_events` (`last_date`);--> statement-breakpoint
ALTER TABLE `residents` ADD `share_participation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stories` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `occurrence_date` text;--> statement-breakpoint
CREATE INDEX `stories_occurrence_idx` ON `stories` (`event_id`,`occurrence_date`);