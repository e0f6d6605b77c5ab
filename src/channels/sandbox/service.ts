/** The sandbox phone's services to the rest of the system (`deps.sandbox`, core/channels.ts): its screen and its customer. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { SandboxChannel } from "../../core/channels";
import type { DB } from "../../core/db";
import type { Deps } from "../../core/deps";
import { SandboxAdapter } from "./adapter";
import { clientWid, serializeSandboxMessage } from "./messages";
import { sandboxMessages } from "./schema";

/** GET /sandbox/{connectionId}/customers: the phone's customers, latest first (200 at most). */
async function customers(db: DB, companyId: number, connectionId: number) {
  const rows = await db
    .select({
      number: sandboxMessages.number,
      lastId: sql<number>`max(${sandboxMessages.id})`,
      count: sql<number>`count(*)`,
    })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.companyId, companyId), eq(sandboxMessages.connectionId, connectionId)))
    .groupBy(sandboxMessages.number)
    .orderBy(desc(sql`max(${sandboxMessages.id})`))
    .limit(200);
  return Promise.all(
    rows.map(async (r) => {
      const last = (await db.select().from(sandboxMessages).where(eq(sandboxMessages.id, r.lastId)).limit(1))[0]!;
      const named = (
        await db
          .select({ name: sandboxMessages.name })
          .from(sandboxMessages)
          .where(and(eq(sandboxMessages.connectionId, connectionId), eq(sandboxMessages.number, r.number), eq(sandboxMessages.direction, "in")))
          .orderBy(desc(sandboxMessages.id))
          .limit(1)
      )[0];
      return { number: r.number, name: named?.name ?? "", count: r.count, lastMessage: serializeSandboxMessage(last) };
    }),
  );
}

/** GET /sandbox/{connectionId}/conversation?number: what the phone shows (last 300, oldest first). */
async function conversation(db: DB, companyId: number, connectionId: number, number: string) {
  const rows = (
    await db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.companyId, companyId), eq(sandboxMessages.connectionId, connectionId), eq(sandboxMessages.number, number)))
      .orderBy(desc(sandboxMessages.id))
      .limit(300)
  ).sort((a, b) => a.id - b.id);
  return { number, messages: rows.map(serializeSandboxMessage) };
}

/** The sandbox phone's services over these deps (`deps.sandbox`). */
export function sandboxChannel(deps: Pick<Deps, "db" | "sessions">): SandboxChannel {
  return {
    customers: (companyId, connectionId) => customers(deps.db, companyId, connectionId),
    conversation: (companyId, connectionId, number) => conversation(deps.db, companyId, connectionId, number),
    phone(connectionId) {
      const adapter = deps.sessions.get(connectionId);
      if (!(adapter instanceof SandboxAdapter) || adapter.status !== "CONNECTED") return undefined;
      return {
        async known(clientId) {
          const row = await adapter.findByWid(clientWid(clientId));
          return row && { mediaPath: row.mediaPath, mediaName: row.mediaName, mime: row.mimetype };
        },
        receive: (input) => adapter.receive(input),
      };
    },
  };
}
