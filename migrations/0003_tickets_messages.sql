CREATE TABLE `whatsapp_queues` (
	`whatsapp_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `queue_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_queues_queue_idx` ON `whatsapp_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `whatsapps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`channel` text DEFAULT 'baileys' NOT NULL,
	`status` text DEFAULT 'DISCONNECTED' NOT NULL,
	`qrcode` text DEFAULT '' NOT NULL,
	`pairing_code` text DEFAULT '' NOT NULL,
	`retries` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`pairing_number` text DEFAULT '' NOT NULL,
	`greeting_message` text DEFAULT '' NOT NULL,
	`complation_message` text DEFAULT '' NOT NULL,
	`out_of_hours_message` text DEFAULT '' NOT NULL,
	`rating_message` text DEFAULT '' NOT NULL,
	`token` text,
	`provider` text DEFAULT 'beta' NOT NULL,
	`prompt_id` integer,
	`integration_id` integer,
	`send_id_queue` integer,
	`time_send_queue` integer DEFAULT 0 NOT NULL,
	`max_use_bot_queues` integer DEFAULT 3 NOT NULL,
	`time_use_bot_queues` integer DEFAULT 0 NOT NULL,
	`expires_ticket` integer DEFAULT 0 NOT NULL,
	`expires_inactive_message` text DEFAULT '' NOT NULL,
	`last_message_at` text,
	`last_ack_at` text,
	`reconnects_today` integer DEFAULT 0 NOT NULL,
	`reconnects_day` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapps_company_idx` ON `whatsapps` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_token_uq` ON `whatsapps` (`token`);--> statement-breakpoint
CREATE TABLE `ticket_tags` (
	`ticket_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `tag_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_idx` ON `ticket_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `ticket_tracking` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`queued_at` text,
	`started_at` text,
	`finished_at` text,
	`rating_at` text,
	`rated` integer DEFAULT false NOT NULL,
	`chatbot_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_tracking_ticket_idx` ON `ticket_tracking` (`ticket_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `ticket_tracking_company_idx` ON `ticket_tracking` (`company_id`,`queued_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`company_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`whatsapp_id` integer,
	`last_message` text DEFAULT '' NOT NULL,
	`unread_messages` integer DEFAULT 0 NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`chatbot` integer DEFAULT false NOT NULL,
	`queue_option_id` integer,
	`amount_used_bot_queues` integer DEFAULT 0 NOT NULL,
	`use_integration` integer DEFAULT false NOT NULL,
	`integration_id` integer,
	`prompt_id` integer,
	`from_me` integer DEFAULT false NOT NULL,
	`awaiting_rating_since` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_uuid_unique` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_active_contact_uq` ON `tickets` (`company_id`,`contact_id`,coalesce(`whatsapp_id`, 0)) WHERE status in ('open', 'pending');--> statement-breakpoint
CREATE INDEX `tickets_company_status_updated_idx` ON `tickets` (`company_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_updated_idx` ON `tickets` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_contact_idx` ON `tickets` (`contact_id`);--> statement-breakpoint
CREATE INDEX `tickets_user_idx` ON `tickets` (`user_id`);--> statement-breakpoint
CREATE INDEX `tickets_queue_idx` ON `tickets` (`queue_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`whatsapp_id` integer,
	`wid` text NOT NULL,
	`contact_id` integer,
	`user_id` integer,
	`body` text DEFAULT '' NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`media_url` text,
	`media_type` text DEFAULT 'chat' NOT NULL,
	`media_name` text,
	`ack` integer DEFAULT 0 NOT NULL,
	`send_status` text,
	`send_error` text,
	`quoted_msg_id` integer,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`is_automatic` integer DEFAULT false NOT NULL,
	`queue_id` integer,
	`data_json` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_ticket_id_idx` ON `messages` (`ticket_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_wid_uq` ON `messages` (`company_id`,`whatsapp_id`,`wid`);--> statement-breakpoint
CREATE TABLE `ticket_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` integer,
	`note` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_notes_ticket_idx` ON `ticket_notes` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_contact_idx` ON `ticket_notes` (`contact_id`);