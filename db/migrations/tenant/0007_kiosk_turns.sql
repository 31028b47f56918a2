CREATE TABLE `kiosk_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`kiosk_id` text NOT NULL,
	`resident_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`audience` text,
	`question_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kiosk_drafts_kiosk_resident_idx` ON `kiosk_drafts` (`kiosk_id`,`resident_id`);--> statement-breakpoint
CREATE TABLE `kiosk_recordings` (
	`audio_id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`kiosk_id` text NOT NULL,
	`resident_id` text NOT NULL,
	`helper_user_id` text,
	`helper_name` text,
	`category` text NOT NULL,
	`prompt_key` text,
	`job_id` text,
	`asked_at` text,
	`words` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`audio_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kiosk_recordings_session_idx` ON `kiosk_recordings` (`session_id`);--> statement-breakpoint
ALTER TABLE `kiosk_sessions` ADD `ended_at` text;--> statement-breakpoint
ALTER TABLE `kiosk_sessions` ADD `end_audited` integer DEFAULT false NOT NULL;