CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`detail` text NOT NULL,
	`value` real NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`plan_id` integer,
	`txid` text,
	`paid_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_due_uq` ON `invoices` (`company_id`,`due_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_txid_uq` ON `invoices` (`txid`);--> statement-breakpoint
CREATE INDEX `invoices_company_id_idx` ON `invoices` (`company_id`,`id`);