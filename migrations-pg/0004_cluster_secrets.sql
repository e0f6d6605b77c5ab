CREATE TABLE "cluster_secrets" (
	"name" text COLLATE ucs_basic PRIMARY KEY NOT NULL,
	"fingerprint" text COLLATE ucs_basic NOT NULL,
	"created_at" bigint NOT NULL
);
