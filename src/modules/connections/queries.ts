import { and, asc, desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { whatsapps } from "./schema";

export const findConnection = (db: DB, companyId: number, id: number) =>
  db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .get();

/** The company's default connection (the first one when none is flagged). */
export const defaultConnection = (db: DB, companyId: number) =>
  db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .get();
