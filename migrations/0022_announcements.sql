CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`priority` integer DEFAULT 3 NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`media_path` text,
	`media_name` text,
	`user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_status_created_idx` ON `announcements` (`status`,`created_at`);