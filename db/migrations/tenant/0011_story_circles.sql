CREATE TABLE `circle_participants` (
	`circle_id` text NOT NULL,
	`resident_id` text NOT NULL,
	`story_id` text,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_participants_pk` ON `circle_participants` (`circle_id`,`resident_id`);--> statement-breakpoint
CREATE INDEX `circle_participants_resident_idx` ON `circle_participants` (`resident_id`);--> statement-breakpoint
CREATE TABLE `circle_speakers` (
	`id` text PRIMARY KEY NOT NULL,
	`circle_id` text NOT NULL,
	`resident_id` text NOT NULL,
	`at_ms` integer NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_speakers_circle_idx` ON `circle_speakers` (`circle_id`,`at_ms`);--> statement-breakpoint
CREATE TABLE `circles` (
	`id` text PRIMARY KEY NOT NULL,
	`category` text,
	`decade` text,
	`topic` text,
	`event_id` text,
	`occurrence_date` text,
	`status` text DEFAULT 'running' NOT NULL,
	`prompts` text DEFAULT '[]' NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`song_id` text,
	`recording_id` text,
	`recording_started_at` text,
	`transcription_job_id` text,
	`language` text,
	`started_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`event_id`) REFERENCES `calendar_events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`song_id`) REFERENCES `library_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recording_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `circles_occurrence_idx` ON `circles` (`event_id`,`occurrence_date`);--> statement-breakpoint
CREATE INDEX `circles_created_idx` ON `circles` (`created_at`);--> statement-breakpoint
CREATE TABLE `library_items` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`media_id` text NOT NULL,
	`title` text NOT NULL,
	`decades` text DEFAULT '' NOT NULL,
	`themes` text DEFAULT '' NOT NULL,
	`source` text,
	`uploaded_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_items_kind_idx` ON `library_items` (`kind`,`created_at`);--> statement-breakpoint
ALTER TABLE `stories` ADD `circle_id` text;