DROP INDEX `tickets_company_status_updated_idx`;--> statement-breakpoint
CREATE INDEX `tickets_tab_idx` ON `tickets` (`company_id`,`status`,`updated_at`,`id`,`queue_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `messages_search_idx` ON `messages` (`company_id`,`id`,`ticket_id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`ticket_id`,`id`) WHERE read = 0 and from_me = 0;