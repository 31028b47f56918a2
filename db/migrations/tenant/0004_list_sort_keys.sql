ALTER TABLE `family_members` ADD `sort_name` text;--> statement-breakpoint
CREATE INDEX `family_members_sort_name_idx` ON `family_members` (`sort_name`,`id`);--> statement-breakpoint
ALTER TABLE `residents` ADD `sort_name` text;--> statement-breakpoint
ALTER TABLE `residents` ADD `sort_room` text;--> statement-breakpoint
CREATE INDEX `residents_sort_name_idx` ON `residents` (`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `residents_sort_room_idx` ON `residents` (`sort_room`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `residents_admission_idx` ON `residents` (`admission_date`,`sort_name`,`id`);