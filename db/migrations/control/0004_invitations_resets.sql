ALTER TABLE `login_tokens` ADD `opened_at` text;--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `revoked_at` text;--> statement-breakpoint
ALTER TABLE `login_tokens` ADD `email_id` text;