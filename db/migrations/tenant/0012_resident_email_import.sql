ALTER TABLE `residents` ADD `email` text;--> statement-breakpoint
ALTER TABLE `residents` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `residents_external_id_unique` ON `residents` (`external_id`);