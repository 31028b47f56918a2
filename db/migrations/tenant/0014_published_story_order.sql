DROP INDEX `stories_published_idx`;--> statement-breakpoint
CREATE INDEX `stories_published_idx` ON `stories` (`is_published`,`published_at`,`created_at`);