CREATE TABLE `contact_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_whatsapp_valid` integer,
	`checked_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_list_items_list_number_uq` ON `contact_list_items` (`contact_list_id`,`number`);--> statement-breakpoint
CREATE INDEX `contact_list_items_list_name_idx` ON `contact_list_items` (`contact_list_id`,`name`);--> statement-breakpoint
CREATE INDEX `contact_list_items_unchecked_idx` ON `contact_list_items` (`company_id`,`checked_at`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_lists_company_name_idx` ON `contact_lists` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `campaign_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_settings_company_key_uq` ON `campaign_settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `campaign_shipping` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`whatsapp_id` integer,
	`contact_list_item_id` integer,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`confirmation_message` text DEFAULT '' NOT NULL,
	`confirmation` integer,
	`confirmation_requested_at` text,
	`confirmed_at` text,
	`delivered_at` text,
	`failed_at` text,
	`error` text,
	`message_id` integer,
	`due_at` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shipping_campaign_number_uq` ON `campaign_shipping` (`campaign_id`,`number`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_pending_idx` ON `campaign_shipping` (`campaign_id`,`delivered_at`,`failed_at`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_confirm_idx` ON `campaign_shipping` (`company_id`,`number`,`confirmation_requested_at`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_daily_idx` ON `campaign_shipping` (`whatsapp_id`,`delivered_at`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message1` text DEFAULT '' NOT NULL,
	`message2` text DEFAULT '' NOT NULL,
	`message3` text DEFAULT '' NOT NULL,
	`message4` text DEFAULT '' NOT NULL,
	`message5` text DEFAULT '' NOT NULL,
	`confirmation_message1` text DEFAULT '' NOT NULL,
	`confirmation_message2` text DEFAULT '' NOT NULL,
	`confirmation_message3` text DEFAULT '' NOT NULL,
	`confirmation_message4` text DEFAULT '' NOT NULL,
	`confirmation_message5` text DEFAULT '' NOT NULL,
	`confirmation` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'INATIVA' NOT NULL,
	`scheduled_at` text,
	`completed_at` text,
	`whatsapp_id` integer,
	`contact_list_id` integer,
	`tag_list_id` integer,
	`file_list_id` integer,
	`media_path` text,
	`media_name` text,
	`next_send_at` integer DEFAULT 0 NOT NULL,
	`sent_in_run` integer DEFAULT 0 NOT NULL,
	`pause_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_company_name_idx` ON `campaigns` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`,`scheduled_at`);