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
CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`tick` integer NOT NULL,
	`node_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE TABLE `limiter_hits` (
	`scope` text NOT NULL,
	`key_hash` text NOT NULL,
	`hits` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key_hash`)
);
--> statement-breakpoint
CREATE INDEX `limiter_hits_expires_idx` ON `limiter_hits` (`expires_at`);