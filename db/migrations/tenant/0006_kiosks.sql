CREATE TABLE `kiosk_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kiosk_id` text NOT NULL,
	`resident_id` text NOT NULL,
	`helper_user_id` text,
	`helper_name` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_input_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`kiosk_id`) REFERENCES `kiosks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resident_id`) REFERENCES `residents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kiosk_sessions_kiosk_idx` ON `kiosk_sessions` (`kiosk_id`);--> statement-breakpoint
CREATE TABLE `kiosks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`setup_token_hash` text,
	`setup_expires_at` text,
	`device_secret_hash` text,
	`created_by_user_id` text,
	`set_up_at` text,
	`last_used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `residents` ADD `kiosk_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `residents` ADD `kiosk_pin_hash` text;--> statement-breakpoint
ALTER TABLE `residents` ADD `kiosk_card_token_hash` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `helper_user_id` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `helper_name` text;