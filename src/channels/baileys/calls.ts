/**
 * The ChannelAdapter calls on an open Baileys socket (send, delete for everyone, read receipts,
 * number check, profile picture).
 */
import { jidDecode, type WASocket } from "baileys";
import type { Outgoing, SendResult } from "../../core/channel";
import { toRaw } from "./mapping";
import { buildContent, sendOptions } from "./send";

export interface MessageTarget {
  id: string;
  to: string;
  fromMe: boolean;
}

/** Sends one outgoing message (media is encrypted and uploaded by Baileys to WhatsApp's media hosts). */
export async function sendOutgoing(sock: WASocket, msg: Outgoing): Promise<SendResult> {
  const sent = await sock.sendMessage(msg.to, buildContent(msg), sendOptions(msg));
  if (!sent?.key?.id) throw new Error("ERR_SENDING_WAPP_MSG");
  return { id: sent.key.id, ack: typeof sent.status === "number" ? sent.status : 1, raw: toRaw(sent) };
}

/** Deletes a message for everyone (a REVOKE protocol message). */
export async function deleteForEveryone(sock: WASocket, t: MessageTarget): Promise<void> {
  await sock.sendMessage(t.to, { delete: { remoteJid: t.to, fromMe: t.fromMe, id: t.id } });
}

/** Read receipts (blue ticks when the account's privacy allows). */
export async function markRead(sock: WASocket, targets: MessageTarget[]): Promise<void> {
  if (!targets.length) return;
  await sock.readMessages(targets.map((t) => ({ remoteJid: t.to, id: t.id, fromMe: t.fromMe })));
}

/** The canonical number and address when the number is on WhatsApp, else null. */
export async function checkNumber(sock: WASocket, number: string) {
  const digits = number.replace(/\D/g, "");
  if (!digits) return null;
  const [r] = (await sock.onWhatsApp(digits)) ?? [];
  if (!r?.exists) return null;
  const canonical = jidDecode(r.jid)?.user ?? digits;
  return { exists: true, number: canonical, address: r.jid };
}

/** The profile picture URL; null when hidden, absent or on any error. */
export async function profilePicture(sock: WASocket, address: string): Promise<string | null> {
  try {
    return (await sock.profilePictureUrl(address, "image")) ?? null;
  } catch {
    return null;
  }
}
