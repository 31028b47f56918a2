CREATE TABLE `about_me` (
	`resident_id` text PRIMARY KEY NOT NULL,
	`preferred_name` text,
	`grew_up` text,
	`work` text,
	`family` text,
	`enjoys` text,
	`routines` text,
	`worries` text,
	`calms` text,
	`talking` text,
	`family_may_view` integer DEFAULT false NOT NULL,
	`family_may_edit` integer DEFAULT false NOT NULL,
	`updated_by_user_id` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `recording_links` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recording_links_story_idx` ON `recording_links` (`story_id`);--> statement-breakpoint
ALTER TABLE `stories` ADD `audience` text DEFAULT 'family' NOT NULL;--> statement-breakpoint
ALTER TABLE `stories` ADD `withdrawn_at` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `audience_set_by_user_id` text;--> statement-breakpoint
CREATE INDEX `stories_audience_idx` ON `stories` (`audience`,`is_published`,`published_at`);--> statement-breakpoint
-- hand-written: stories already published were shared with everyone at the community; the others become "My family"
UPDATE `stories` SET `audience` = 'community' WHERE `is_published` = 1;
