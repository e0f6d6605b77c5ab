import { and, eq, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { canPrepare, prepared } from "../../db/prepared";
import { type SandboxMessageRow, sandboxMessages } from "./schema";

/** What the phone stores of a customer's message (the columns `receive` sets). */
export type PhoneInbound = Pick<
  SandboxMessageRow,
  | "companyId"
  | "connectionId"
  | "number"
  | "name"
  | "wid"
  | "type"
  | "body"
  | "mediaPath"
  | "mediaName"
  | "mimetype"
  | "latitude"
  | "longitude"
  | "vcard"
  | "quotedWid"
  | "createdAt"
>;

const ph = (name: keyof PhoneInbound) => sql.placeholder(name);

/**
 * Stores a customer's message on the phone with ack 1 (sent), once per wid: undefined when it is
 * there already. Prepared on bun:sqlite: every message of the sandbox route writes it.
 */
export async function insertPhoneInbound(db: DB, row: PhoneInbound): Promise<SandboxMessageRow | undefined> {
  const values = { ...row, direction: "in" as const, ack: 1 };
  if (!canPrepare(db)) return (await db.insert(sandboxMessages).values(values).onConflictDoNothing().returning())[0];
  return prepared(db, "sandbox.insertInbound", (d) =>
    d
      .insert(sandboxMessages)
      .values({
        companyId: ph("companyId"),
        connectionId: ph("connectionId"),
        number: ph("number"),
        name: ph("name"),
        direction: "in",
        wid: ph("wid"),
        type: ph("type"),
        body: ph("body"),
        mediaPath: ph("mediaPath"),
        mediaName: ph("mediaName"),
        mimetype: ph("mimetype"),
        latitude: ph("latitude"),
        longitude: ph("longitude"),
        vcard: ph("vcard"),
        quotedWid: ph("quotedWid"),
        ack: 1,
        createdAt: ph("createdAt"),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(),
  ).get(row) as Promise<SandboxMessageRow | undefined>;
}

/** The phone's message reached the company (ack 1 → 2): the row when it changed, else undefined. */
export async function tickDelivered(db: DB, id: number): Promise<SandboxMessageRow | undefined> {
  if (!canPrepare(db)) {
    return (
      await db
        .update(sandboxMessages)
        .set({ ack: 2 })
        .where(and(eq(sandboxMessages.id, id), eq(sandboxMessages.ack, 1)))
        .returning()
    )[0];
  }
  return prepared(db, "sandbox.tickDelivered", (d) =>
    d
      .update(sandboxMessages)
      .set({ ack: 2 })
      .where(and(eq(sandboxMessages.id, sql.placeholder("id")), eq(sandboxMessages.ack, 1)))
      .returning()
      .prepare(),
  ).get({ id }) as Promise<SandboxMessageRow | undefined>;
}
