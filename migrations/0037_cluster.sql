CREATE TABLE `cluster_nodes` (
	`node_id` text PRIMARY KEY NOT NULL,
	`host` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`draining` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `connection_leases` (
	`connection_id` integer PRIMARY KEY NOT NULL,
	`node_id` text NOT NULL,
	`token` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `limiter_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`key_hash` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `limiter_hits_key_idx` ON `limiter_hits` (`scope`,`key_hash`,`at`);--> statement-breakpoint
CREATE INDEX `limiter_hits_at_idx` ON `limiter_hits` (`at`);