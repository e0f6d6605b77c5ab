CREATE TABLE `instance_lock` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`pid` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
