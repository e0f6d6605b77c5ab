import { defineConfig } from "drizzle-kit";

/** PostgreSQL migrations, generated from the same module schemas (src/db/pg-schema.ts derives the tables). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema-pg.ts",
  out: "./migrations-pg",
});
