CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`plan_id` integer NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`due_date` text,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`schedules` text DEFAULT '[]' NOT NULL,
	`billing_name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`zipcode` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`is_platform` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_unique` ON `companies` (`name`);--> statement-breakpoint
CREATE INDEX `companies_plan_idx` ON `companies` (`plan_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`users` integer DEFAULT 10 NOT NULL,
	`connections` integer DEFAULT 10 NOT NULL,
	`queues` integer DEFAULT 10 NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	`use_campaigns` integer DEFAULT true NOT NULL,
	`use_schedules` integer DEFAULT true NOT NULL,
	`use_internal_chat` integer DEFAULT true NOT NULL,
	`use_external_api` integer DEFAULT true NOT NULL,
	`use_kanban` integer DEFAULT true NOT NULL,
	`use_open_ai` integer DEFAULT true NOT NULL,
	`use_integrations` integer DEFAULT true NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_name_unique` ON `plans` (`name`);--> statement-breakpoint
CREATE TABLE `queues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`greeting_message` text DEFAULT '' NOT NULL,
	`out_of_hours_message` text DEFAULT '' NOT NULL,
	`order_queue` integer,
	`integration_id` integer,
	`prompt_id` integer,
	`schedules` text DEFAULT '[]' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_name_uq` ON `queues` (`company_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_color_uq` ON `queues` (`company_id`,`color`);--> statement-breakpoint
CREATE INDEX `queues_company_order_idx` ON `queues` (`company_id`,`order_queue`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_company_key_uq` ON `settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `user_queues` (
	`user_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `queue_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_queues_queue_idx` ON `user_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT 'user' NOT NULL,
	`super` integer DEFAULT false NOT NULL,
	`whatsapp_id` integer,
	`all_ticket` text DEFAULT 'disable' NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`last_seen_at` text,
	`token_version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_name_idx` ON `users` (`company_id`,`name`);