CREATE TABLE `cluster_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`created_at` integer NOT NULL
);
