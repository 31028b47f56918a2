CREATE TABLE `kept_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`browser_hash` text NOT NULL,
	`host` text NOT NULL,
	`community_id` text,
	`page` text NOT NULL,
	`user_id` text,
	`roles` text,
	`intent` text,
	`fields` text NOT NULL,
	`size` integer NOT NULL,
	`files_left_out` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kept_forms_browser_page_idx` ON `kept_forms` (`browser_hash`,`page`);--> statement-breakpoint
CREATE INDEX `kept_forms_expires_idx` ON `kept_forms` (`expires_at`);--> statement-breakpoint
CREATE INDEX `kept_forms_created_idx` ON `kept_forms` (`created_at`);