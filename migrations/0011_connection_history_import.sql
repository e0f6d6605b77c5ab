ALTER TABLE `whatsapps` ADD `history_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `history_import` text;