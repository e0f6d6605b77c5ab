/**
 * The webhook of a Cloud API connection, as Meta calls it. Each connection has its own random path,
 * and every delivery is checked against that connection's app secret before anything is read, so a
 * stranger, or another company's app, cannot put messages into a company's inbox.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { log } from "../../lib/logger";
import { accountByKey, accountOfNumber, recordError } from "./accounts";
import { CloudApiAdapter } from "./adapter";

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** GET: Meta's subscription check answers the challenge when the verify token is this connection's. */
export async function verifySubscription(deps: Pick<Deps, "db">, key: string, query: Record<string, string | undefined>): Promise<string> {
  const account = await accountByKey(deps.db, key);
  const challenge = query["hub.challenge"] ?? "";
  if (!account || query["hub.mode"] !== "subscribe" || !sameText(query["hub.verify_token"] ?? "", account.verifyToken)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (!/^[\w.-]{1,200}$/.test(challenge)) throw new AppError("ERR_VALIDATION", 400);
  return challenge;
}

/** Whether `X-Hub-Signature-256` is the HMAC-SHA256 of the exact bytes received, keyed by the app secret. */
export function signatureValid(raw: Uint8Array, header: string | null, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "")?.[1]?.toLowerCase();
  if (!given) return false;
  return sameText(createHmac("sha256", appSecret).update(raw).digest("hex"), given);
}

/**
 * POST: checks the signature (401, nothing read or stored), then hands each number's part of the
 * delivery to its connection: this one, or another of the same company served by the same Meta app.
 * Answers once every message is stored or spooled; 503 when the connection is not running or a
 * message could not even be spooled, so Meta delivers again (messages are stored once, whatever
 * Meta redelivers).
 */
export async function receiveWebhook(deps: Pick<Deps, "db" | "sessions">, key: string, raw: Uint8Array, signature: string | null): Promise<void> {
  const account = await accountByKey(deps.db, key);
  if (!account) throw new AppError("ERR_NOT_FOUND", 404);
  if (!signatureValid(raw, signature, account.appSecret)) {
    await recordError(deps.db, account.connectionId);
    throw new AppError("ERR_CLOUD_SIGNATURE_INVALID", 401);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new AppError("ERR_VALIDATION", 400);
  }
  const adapter = deps.sessions.get(account.connectionId);
  if (!(adapter instanceof CloudApiAdapter)) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503);
  const work: Promise<void>[] = [];
  for (const batch of adapter.parse(payload)) {
    let target: CloudApiAdapter | undefined = adapter;
    if (batch.phoneNumberId !== account.phoneNumberId) {
      // One app may serve several numbers of the company: the same secret signed it.
      const other = await accountOfNumber(deps.db, account.companyId, batch.phoneNumberId);
      const live = other && other.appSecret === account.appSecret ? deps.sessions.get(other.connectionId) : undefined;
      target = live instanceof CloudApiAdapter ? live : undefined;
      if (!target) {
        log.warn("cloud api webhook for an unknown number ignored", { connectionId: account.connectionId });
        continue;
      }
    }
    work.push(target.receive(batch));
  }
  const outcomes = await Promise.allSettled(work);
  if (outcomes.some((o) => o.status === "rejected")) {
    log.error("cloud api webhook could not be stored", { connectionId: account.connectionId });
    throw new AppError("ERR_INTERNAL", 503);
  }
}
