CREATE TABLE `cloud_api_accounts` (
	`connection_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`phone_number_id` text NOT NULL,
	`waba_id` text NOT NULL,
	`display_phone_number` text DEFAULT '' NOT NULL,
	`verified_name` text DEFAULT '' NOT NULL,
	`access_token` text NOT NULL,
	`app_secret` text NOT NULL,
	`verify_token` text NOT NULL,
	`webhook_key` text NOT NULL,
	`last_webhook_at` text,
	`last_status_at` text,
	`error_hours` text DEFAULT '[]' NOT NULL,
	`templates_fetched_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cloud_api_accounts_webhook_uq` ON `cloud_api_accounts` (`webhook_key`);--> statement-breakpoint
CREATE INDEX `cloud_api_accounts_number_idx` ON `cloud_api_accounts` (`company_id`,`phone_number_id`);--> statement-breakpoint
CREATE TABLE `cloud_api_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connection_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`status` text NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`components` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cloud_api_templates_uq` ON `cloud_api_templates` (`connection_id`,`name`,`language`);--> statement-breakpoint
CREATE TABLE `cloud_api_windows` (
	`connection_id` integer NOT NULL,
	`number` text NOT NULL,
	`last_inbound_at` integer NOT NULL,
	PRIMARY KEY(`connection_id`, `number`),
	FOREIGN KEY (`connection_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `template` text;--> statement-breakpoint
ALTER TABLE `schedules` ADD `template` text;