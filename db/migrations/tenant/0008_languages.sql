ALTER TABLE `notifications` ADD `values` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `lang` text;