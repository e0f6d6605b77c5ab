DROP INDEX `ticket_tracking_company_idx`;--> statement-breakpoint
ALTER TABLE `ticket_tracking` ADD `contact_id` integer;--> statement-breakpoint
-- Existing stretches take their ticket's contact (the dashboard's leads read them without the tickets).
UPDATE `ticket_tracking` SET `contact_id` = (SELECT `contact_id` FROM `tickets` WHERE `tickets`.`id` = `ticket_tracking`.`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_tracking_company_idx` ON `ticket_tracking` (`company_id`,`queued_at`,`finished_at`,`started_at`,`rating_at`,`user_id`,`ticket_id`,`contact_id`);