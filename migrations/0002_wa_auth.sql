CREATE TABLE `wa_auth` (
	`connection_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`connection_id`, `kind`, `key_id`)
);
