CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` integer,
	`body` text NOT NULL,
	`send_at` text NOT NULL,
	`sent_at` text,
	`status` text DEFAULT 'PENDENTE' NOT NULL,
	`error` text,
	`ticket_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedules_status_send_at_idx` ON `schedules` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_company_send_at_idx` ON `schedules` (`company_id`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_contact_idx` ON `schedules` (`contact_id`);