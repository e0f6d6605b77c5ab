CREATE TABLE `contact_custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_custom_fields_contact_idx` ON `contact_custom_fields` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`profile_pic_url` text DEFAULT '' NOT NULL,
	`uuid` text NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`whatsapp_id` integer,
	`lid` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_uuid_unique` ON `contacts` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_number_uq` ON `contacts` (`company_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_lid_uq` ON `contacts` (`company_id`,`lid`);--> statement-breakpoint
CREATE INDEX `contacts_company_name_idx` ON `contacts` (`company_id`,`name`);