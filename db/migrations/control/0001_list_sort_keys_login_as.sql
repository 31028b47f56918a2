ALTER TABLE `communities` ADD `sort_name` text;--> statement-breakpoint
CREATE INDEX `communities_sort_name_idx` ON `communities` (`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `communities_created_idx` ON `communities` (`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `impersonator_user_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `return_session_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `sort_name` text;--> statement-breakpoint
CREATE INDEX `users_tenant_sort_name_idx` ON `users` (`tenant_id`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `users_sort_name_idx` ON `users` (`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `users_username_idx` ON `users` (`username`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_tenant_at_idx` ON `audit_log` (`tenant_id`,`at`);