CREATE TABLE `user_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`rate` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_ratings_company_user_idx` ON `user_ratings` (`company_id`,`user_id`,`created_at`);