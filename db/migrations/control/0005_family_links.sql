CREATE TABLE `family_links` (
	`tenant_id` text NOT NULL,
	`family_member_id` text NOT NULL,
	`user_id` text NOT NULL,
	`confirmed_at` text,
	`seen_at` text,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`tenant_id`, `family_member_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_links_user_idx` ON `family_links` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `family_member_id` text;--> statement-breakpoint
INSERT OR IGNORE INTO `family_links` (`tenant_id`, `family_member_id`, `user_id`, `confirmed_at`, `seen_at`, `created_at`)
SELECT `tenant_id`, `family_member_id`, `id`, `created_at`, strftime('%Y-%m-%dT%H:%M:%fZ','now'), `created_at` FROM `users`
WHERE `role` = 'family' AND `family_member_id` IS NOT NULL AND `tenant_id` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `family_member_id`;