CREATE TABLE `queue_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue_id` integer NOT NULL,
	`parent_id` integer,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`option` text NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `queue_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `queue_options_queue_parent_idx` ON `queue_options` (`queue_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `queue_options_parent_idx` ON `queue_options` (`parent_id`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`kanban` integer DEFAULT 0 NOT NULL,
	`user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_company_name_uq` ON `tags` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `tags_company_kanban_idx` ON `tags` (`company_id`,`kanban`);--> statement-breakpoint
CREATE TABLE `quick_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`shortcode` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`geral` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quick_messages_geral_uq` ON `quick_messages` (`company_id`,`shortcode`) WHERE geral = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `quick_messages_personal_uq` ON `quick_messages` (`company_id`,`user_id`,`shortcode`) WHERE geral = 0;--> statement-breakpoint
CREATE INDEX `quick_messages_company_user_idx` ON `quick_messages` (`company_id`,`user_id`);