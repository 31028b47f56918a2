ALTER TABLE `residents` ADD `preferred_language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `stories` ADD `transcript_words` text;--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `words` text;--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `language` text;--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `story_id` text REFERENCES stories(id) ON DELETE cascade;