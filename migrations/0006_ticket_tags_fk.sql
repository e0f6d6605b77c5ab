PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ticket_tags` (
	`ticket_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `tag_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_ticket_tags`("ticket_id", "tag_id") SELECT "ticket_id", "tag_id" FROM `ticket_tags`;--> statement-breakpoint
DROP TABLE `ticket_tags`;--> statement-breakpoint
ALTER TABLE `__new_ticket_tags` RENAME TO `ticket_tags`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_idx` ON `ticket_tags` (`tag_id`);