CREATE TABLE `helps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`video` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `helps_title_idx` ON `helps` (`title`);--> statement-breakpoint
DROP INDEX `ticket_tracking_company_idx`;--> statement-breakpoint
CREATE INDEX `ticket_tracking_company_idx` ON `ticket_tracking` (`company_id`,`queued_at`,`finished_at`,`started_at`,`rating_at`,`user_id`,`ticket_id`);--> statement-breakpoint
CREATE INDEX `tickets_company_created_idx` ON `tickets` (`company_id`,`created_at`);