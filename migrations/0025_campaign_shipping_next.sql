DROP INDEX `campaign_shipping_pending_idx`;--> statement-breakpoint
CREATE INDEX `campaign_shipping_next_idx` ON `campaign_shipping` (`campaign_id`,`delivered_at`,`failed_at`,`confirmation_requested_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_confirmed_idx` ON `campaign_shipping` (`campaign_id`,`confirmation`,`delivered_at`,`failed_at`,`id`);