/** What drizzle-kit reads for `bun run db:generate` on PostgreSQL: every table in its PostgreSQL form. */
import { toPgTables } from "./db/pg-schema";
import * as schema from "./schema";

module.exports = toPgTables(schema);
