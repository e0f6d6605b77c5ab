CREATE TABLE `auth_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`webauthn` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_challenges_expires_idx` ON `auth_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_passkeys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_passkeys_credential_idx` ON `user_passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `user_passkeys_user_idx` ON `user_passkeys` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_recovery_codes_user_hash_idx` ON `user_recovery_codes` (`user_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `user_second_factors` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`totp_secret` text,
	`totp_last_step` integer DEFAULT 0 NOT NULL,
	`totp_enabled_at` text,
	`pending_secret` text,
	`pending_at` integer,
	`prompted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`at` integer NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` integer,
	`actor_name` text DEFAULT '' NOT NULL,
	`event` text NOT NULL,
	`target_type` text DEFAULT '' NOT NULL,
	`target_id` text DEFAULT '' NOT NULL,
	`target_label` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`changes` text
);
--> statement-breakpoint
CREATE INDEX `audit_company_at_idx` ON `audit_log` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_company_actor_idx` ON `audit_log` (`company_id`,`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_company_event_idx` ON `audit_log` (`company_id`,`event`,`at`);--> statement-breakpoint
CREATE INDEX `audit_company_target_idx` ON `audit_log` (`company_id`,`target_type`,`target_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `device` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `browser` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `address` text DEFAULT '' NOT NULL;