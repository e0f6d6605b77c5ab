import { defineConfig } from "drizzle-kit";

/** PostgreSQL migrations, generated from the same module schemas (src/db/pg-schema.ts derives the tables). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/pg-kit-entry.ts",
  out: "./migrations-pg",
});
