import { type AnySQLiteColumn, integer, text } from "drizzle-orm/sqlite-core";

/** A required reference to another table's row, which takes this row with it when deleted (`on delete cascade`). */
export const belongsTo = (name: string, target: () => AnySQLiteColumn) => integer(name).notNull().references(target, { onDelete: "cascade" });

/** When a row was created and last changed (ISO strings, written by the owning module). */
export const timestamps = () => ({ createdAt: text("created_at").notNull(), updatedAt: text("updated_at").notNull() });
