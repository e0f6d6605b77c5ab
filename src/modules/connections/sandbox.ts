/**
 * The sandbox phone page (R-CONN-9): its customers, their conversations, and the simulated customer
 * writing to the company. The phone itself is the sandbox channel's (`deps.sandbox`); this is who may
 * open it and what a customer may send.
 */
import type { SandboxInbound } from "../../core/channels";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { spoolKey } from "../../core/inbound";
import { can } from "../../contract/permissions";
import type { SandboxMessageInput } from "../../contract/schemas/connections";
import { checkUpload, storeUpload, UPLOAD_KINDS } from "../media";
import { findConnection } from "./queries";

/**
 * The sandbox connection of the caller's company, or 404 ERR_NO_WAPP_FOUND (a WhatsApp one too). The
 * phone shows every conversation of its connection, so only users who see every ticket open it (403).
 */
async function sandboxConnection(ctx: Ctx, connectionId: number) {
  const w = await findConnection(ctx.db, ctx.companyId, connectionId);
  if (w?.channel !== "sandbox") throw notFound("ERR_NO_WAPP_FOUND");
  if (!can(ctx.user, "sandbox:use")) throw forbidden();
  return w;
}

/** GET /sandbox/{connectionId}/customers. */
export async function listSandboxCustomers(ctx: Ctx, connectionId: number) {
  await sandboxConnection(ctx, connectionId);
  return ctx.sandbox.customers(ctx.companyId, connectionId);
}

/** GET /sandbox/{connectionId}/conversation?number: what the phone shows (last 300, oldest first). */
export async function sandboxConversation(ctx: Ctx, connectionId: number, number: string) {
  await sandboxConnection(ctx, connectionId);
  return ctx.sandbox.conversation(ctx.companyId, connectionId, number);
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
  const w = await sandboxConnection(ctx, connectionId);
  const phone = ctx.sandbox.phone(w.id);
  if (!phone) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  // A retry of a message the phone already holds: the same message again (its file is not stored twice).
  const known = input.id ? await phone.known(input.id) : undefined;
  let media: SandboxInbound["media"] = null;
  if (known) {
    media = known.mediaPath ? { mediaPath: known.mediaPath, mediaName: known.mediaName ?? "", mime: known.mime ?? "" } : null;
  } else if (NEEDS_FILE.has(input.type)) {
    const checked = checkUpload(ctx, file, "attachment");
    if (!KIND_EXT[input.type].includes(checked.ext)) throw new AppError("ERR_UPLOAD_TYPE", 400, { allowed: KIND_EXT[input.type].join(", ") });
    const stored = await storeUpload(ctx.blobs, ctx.companyId, "sandbox", checked);
    media = { mediaPath: stored.mediaPath, mediaName: stored.mediaName, mime: stored.mime };
  } else if (input.type === "text" && !input.body.trim()) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { body: "validation.required" } });
  } else if (input.type === "location" && (input.latitude === undefined || input.longitude === undefined)) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { latitude: "validation.required" } });
  } else if (input.type === "contact" && !input.vcard?.trim()) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { vcard: "validation.required" } });
  }
  const message = await phone.receive({
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
