import { and, desc, eq, sql } from "drizzle-orm";
import type { SandboxMessageInput } from "../../contract/schemas/connections";
import type { Ctx } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { can } from "../../contract/permissions";
import { checkUpload, type StoredFile, storeUpload, UPLOAD_KINDS } from "../../http/uploads";
import { findConnection } from "../../modules/connections/queries";
import { spoolKey } from "../../bot/spool";
import { SandboxAdapter, serializeSandboxMessage } from "./adapter";
import { clientWid, type SandboxInbound } from "./messages";
import { sandboxMessages } from "./schema";

/**
 * The sandbox connection of the caller's company, or 404 ERR_NO_WAPP_FOUND (a WhatsApp one too). The
 * phone shows every conversation of its connection, so only users who see every ticket open it (403).
 */
function sandboxConnection(ctx: Ctx, connectionId: number) {
  const w = findConnection(ctx.db, ctx.companyId, connectionId);
  if (w?.channel !== "sandbox") throw notFound("ERR_NO_WAPP_FOUND");
  if (!can(ctx.user, "sandbox:use")) throw forbidden();
  return w;
}

/** GET /sandbox/{connectionId}/customers: the phone's chats, newest first (number, name, last message). */
export function listSandboxCustomers(ctx: Ctx, connectionId: number) {
  sandboxConnection(ctx, connectionId);
  const rows = ctx.db
    .select({
      number: sandboxMessages.number,
      lastId: sql<number>`max(${sandboxMessages.id})`,
      count: sql<number>`count(*)`,
    })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.companyId, ctx.companyId), eq(sandboxMessages.connectionId, connectionId)))
    .groupBy(sandboxMessages.number)
    .orderBy(desc(sql`max(${sandboxMessages.id})`))
    .limit(200)
    .all();
  return rows.map((r) => {
    const last = ctx.db.select().from(sandboxMessages).where(eq(sandboxMessages.id, r.lastId)).get()!;
    const named = ctx.db
      .select({ name: sandboxMessages.name })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.connectionId, connectionId), eq(sandboxMessages.number, r.number), eq(sandboxMessages.direction, "in")))
      .orderBy(desc(sandboxMessages.id))
      .get();
    return { number: r.number, name: named?.name ?? "", count: r.count, lastMessage: serializeSandboxMessage(last) };
  });
}

/** GET /sandbox/{connectionId}/conversation?number: what the phone shows (last 300, oldest first). */
export function sandboxConversation(ctx: Ctx, connectionId: number, number: string) {
  sandboxConnection(ctx, connectionId);
  const rows = ctx.db
    .select()
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.companyId, ctx.companyId), eq(sandboxMessages.connectionId, connectionId), eq(sandboxMessages.number, number)))
    .orderBy(desc(sandboxMessages.id))
    .limit(300)
    .all()
    .sort((a, b) => a.id - b.id);
  return { number, messages: rows.map(serializeSandboxMessage) };
}

const NEEDS_FILE = new Set(["image", "audio", "document"]);
const KIND_EXT: Record<string, readonly string[]> = {
  image: ["png", "jpg", "jpeg", "gif", "webp"],
  audio: ["mp3", "ogg", "opus", "m4a", "wav"],
  document: UPLOAD_KINDS.attachment,
};

/**
 * POST /sandbox/{connectionId}/messages: the simulated customer writes to the company. The message
 * goes through the sandbox channel's events, i.e. the same inbound pipeline as WhatsApp. Answers
 * the phone's message and whether it is stored, or only received and waiting in the inbound spool
 * (storage failed: it is stored later, once; the route answers 202 then, never an error that would
 * make a client send it again).
 */
export async function postSandboxMessage(ctx: Ctx, connectionId: number, input: SandboxMessageInput, file: unknown) {
  const w = sandboxConnection(ctx, connectionId);
  const adapter = ctx.sessions.get(w.id);
  if (!(adapter instanceof SandboxAdapter) || adapter.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  // A retry of a message the phone already holds: the same message again (its file is not stored twice).
  const known = input.id ? adapter.findByWid(clientWid(input.id)) : undefined;
  let media: SandboxInbound["media"] = null;
  if (known) {
    media = known.mediaPath ? { mediaPath: known.mediaPath, mediaName: known.mediaName ?? "", mime: known.mimetype ?? "" } : null;
  } else if (NEEDS_FILE.has(input.type)) {
    const checked = checkUpload(file, "attachment");
    if (!KIND_EXT[input.type].includes(checked.ext)) throw new AppError("ERR_UPLOAD_TYPE", 400, { allowed: KIND_EXT[input.type].join(", ") });
    const stored: StoredFile = await storeUpload(ctx.config.mediaDir, ctx.companyId, "sandbox", checked);
    media = { mediaPath: stored.mediaPath, mediaName: stored.mediaName, mime: stored.mime };
  } else if (input.type === "text" && !input.body.trim()) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { body: "validation.required" } });
  } else if (input.type === "location" && (input.latitude === undefined || input.longitude === undefined)) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { latitude: "validation.required" } });
  } else if (input.type === "contact" && !input.vcard?.trim()) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { vcard: "validation.required" } });
  }
  const message = await adapter.receive({
    number: input.number,
    name: input.name,
    type: input.type,
    body: input.body,
    media,
    latitude: input.latitude,
    longitude: input.longitude,
    vcard: input.vcard,
    quotedId: input.quotedId,
    id: input.id,
  });
  return { message, spooled: ctx.inboundSpool.has(spoolKey(w.id, message.wid)) };
}
