ALTER TABLE `communities` ADD `default_language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;