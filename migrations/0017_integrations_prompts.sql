CREATE TABLE `integration_sessions` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`integration_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integration_sessions_integration_idx` ON `integration_sessions` (`integration_id`);--> statement-breakpoint
CREATE TABLE `queue_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`json_content` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'pt-BR' NOT NULL,
	`url_n8n` text DEFAULT '' NOT NULL,
	`typebot_slug` text DEFAULT '' NOT NULL,
	`typebot_expires` integer DEFAULT 1 NOT NULL,
	`typebot_keyword_finish` text DEFAULT '' NOT NULL,
	`typebot_keyword_restart` text DEFAULT '' NOT NULL,
	`typebot_restart_message` text DEFAULT '' NOT NULL,
	`typebot_unknown_message` text DEFAULT '' NOT NULL,
	`typebot_delay_message` integer DEFAULT 1000 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_integrations_company_name_uq` ON `queue_integrations` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`voice` text DEFAULT 'texto' NOT NULL,
	`voice_key` text DEFAULT '' NOT NULL,
	`voice_region` text DEFAULT '' NOT NULL,
	`model` text DEFAULT 'gpt-4o-mini' NOT NULL,
	`max_tokens` integer DEFAULT 100 NOT NULL,
	`temperature` real DEFAULT 1 NOT NULL,
	`api_key` text NOT NULL,
	`queue_id` integer,
	`max_messages` integer DEFAULT 10 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompts_company_name_uq` ON `prompts` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `prompts_queue_idx` ON `prompts` (`queue_id`);