CREATE TABLE "cluster_nodes" (
	"node_id" text COLLATE ucs_basic PRIMARY KEY NOT NULL,
	"host" text COLLATE ucs_basic DEFAULT '' NOT NULL,
	"started_at" bigint NOT NULL,
	"heartbeat_at" bigint NOT NULL,
	"draining" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_leases" (
	"connection_id" bigint PRIMARY KEY NOT NULL,
	"node_id" text COLLATE ucs_basic NOT NULL,
	"token" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text COLLATE ucs_basic PRIMARY KEY NOT NULL,
	"tick" bigint NOT NULL,
	"node_id" text COLLATE ucs_basic NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "limiter_hits" (
	"scope" text COLLATE ucs_basic NOT NULL,
	"key_hash" text COLLATE ucs_basic NOT NULL,
	"hits" text COLLATE ucs_basic NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "limiter_hits_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "limiter_hits_expires_idx" ON "limiter_hits" USING btree ("expires_at");