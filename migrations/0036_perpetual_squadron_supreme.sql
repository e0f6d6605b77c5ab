CREATE TABLE `todos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `todos_user_idx` ON `todos` (`user_id`,`id`);--> statement-breakpoint
DROP INDEX `ticket_tracking_company_idx`;--> statement-breakpoint
CREATE INDEX `ticket_tracking_company_idx` ON `ticket_tracking` (`company_id`,`queued_at`,`finished_at`,`user_id`,`contact_id`,`ticket_id`,NULLIF(CAST(ROUND((julianday("started_at") - julianday("queued_at")) * 86400) / 60 AS INTEGER), 0),NULLIF(CAST(ROUND((julianday(coalesce("rating_at", "finished_at")) - julianday("started_at")) * 86400) / 60 AS INTEGER), 0));--> statement-breakpoint
DROP INDEX `campaign_shipping_next_idx`;--> statement-breakpoint
DROP INDEX `campaign_shipping_confirmed_idx`;--> statement-breakpoint
ALTER TABLE `campaign_shipping` ADD `skipped_at` text;--> statement-breakpoint
CREATE INDEX `campaign_shipping_next_idx` ON `campaign_shipping` (`campaign_id`,`delivered_at`,`failed_at`,`skipped_at`,`confirmation_requested_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_confirmed_idx` ON `campaign_shipping` (`campaign_id`,`confirmation`,`delivered_at`,`failed_at`,`skipped_at`,`id`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `opted_out_at` text;--> statement-breakpoint
CREATE INDEX `contacts_company_opted_out_idx` ON `contacts` (`company_id`,`number`) WHERE opted_out_at is not null;--> statement-breakpoint
ALTER TABLE `prompts` ADD `holding_message` text DEFAULT '' NOT NULL;