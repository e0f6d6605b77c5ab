DROP INDEX `campaign_shipping_next_idx`;--> statement-breakpoint
DROP INDEX `campaign_shipping_confirmed_idx`;--> statement-breakpoint
ALTER TABLE `campaign_shipping` ADD `skipped_at` text;--> statement-breakpoint
CREATE INDEX `campaign_shipping_next_idx` ON `campaign_shipping` (`campaign_id`,`delivered_at`,`failed_at`,`skipped_at`,`confirmation_requested_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_confirmed_idx` ON `campaign_shipping` (`campaign_id`,`confirmation`,`delivered_at`,`failed_at`,`skipped_at`,`id`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `opted_out_at` text;--> statement-breakpoint
CREATE INDEX `contacts_company_opted_out_idx` ON `contacts` (`company_id`,`number`) WHERE opted_out_at is not null;