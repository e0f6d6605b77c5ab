CREATE TABLE `file_list_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_list_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`path` text,
	`media_type` text,
	`media_name` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`file_list_id`) REFERENCES `file_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_list_options_list_idx` ON `file_list_options` (`file_list_id`,`position`);--> statement-breakpoint
CREATE TABLE `file_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message` text NOT NULL,
	`user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_lists_company_name_uq` ON `file_lists` (`company_id`,`name`);