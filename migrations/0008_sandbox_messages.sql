CREATE TABLE `sandbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`connection_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`direction` text NOT NULL,
	`wid` text NOT NULL,
	`type` text DEFAULT 'text' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`mimetype` text,
	`latitude` real,
	`longitude` real,
	`vcard` text,
	`quoted_wid` text,
	`ack` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_messages_conv_idx` ON `sandbox_messages` (`connection_id`,`number`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_messages_wid_uq` ON `sandbox_messages` (`connection_id`,`wid`);