ALTER TABLE `sandbox_messages` ADD `ptt` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sandbox_messages` ADD `media_info` text;