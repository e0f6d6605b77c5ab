/**
 * The campaign dispatcher (job `campaigns.dispatch`, every second): starts PROGRAMADA campaigns
 * whose time came (shipments first, R-CMP-5), then sends due shipments one at a time per
 * connection through the outbox, paced by the campaign settings. Each stored message records its
 * shipment inside the storing transaction (`onStored`), so a crash — even kill -9 — can neither
 * lose a contact nor message one twice; the outbox delivers what was stored on reconnect.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { addressOf } from "../../core/channel";
import { type CampaignPauseReason, LIMITS } from "../../contract/limits";
import type { DbOrTx } from "../../core/db";
import type { Deps } from "../../core/deps";
import type { SendSpec } from "../../core/ports";
import { mediaKey, mimeOfName } from "../media";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { renderTemplate } from "../../lib/template";
import { rooms } from "../../contract/rooms";
import { isOutOfHours } from "../../lib/hours";
import { findCompany } from "../companies";
import { upsertPeerContact } from "../contacts";
import { isNumberOptedOut } from "../contacts";
import { serializeContact } from "../contacts";
import { fileListFiles } from "../files";
import { ticketForOutbound } from "../tickets";
import { campaignById, deliveredSince, dueCampaigns, nextShipment, remainingOf, skipOptedOut } from "./queries";
import { type CampaignRow, type CampaignShippingRow, campaignShipping, campaigns } from "./schema";
import { publishCampaign } from "./service";
import { type CampaignSettings, campaignSettingsOf } from "./settings";
import { createShipments, recordFailure } from "./shipments";
import { type Part, templatePart } from "./dispatcher-template";

/** Progress frames per campaign at most this often while it sends. */
const PUBLISH_EVERY_MS = 400;

/** Thrown inside the storing transaction when the shipment must not be sent (cancelled, already sent). */
class NotSent extends Error {}

/** Publishes a campaign's progress at most every PUBLISH_EVERY_MS (always when `force`). */
export async function publish(deps: Deps, c: CampaignRow, force = false) {
  if (!deps.throttle.passes(`campaign:${c.id}`, force ? 0 : PUBLISH_EVERY_MS, Date.now())) return;
  await publishCampaign(deps, c);
}

/** PROGRAMADA → EM_ANDAMENTO with one shipment per valid contact, in one transaction. */
export async function startDueCampaigns(deps: Deps) {
  const due = await dueCampaigns(deps.db, isoNow(deps.clock));
  if (!due.length) return;
  try {
    deps.storage.assertAvailable();
  } catch (e) {
    log.warn("campaign start postponed: storage low", { err: String(e) });
    return;
  }
  for (const c of due) {
    const row = await deps.db.transaction(async (tx) => {
      const moved = (
        await tx
          .update(campaigns)
          .set({ status: "EM_ANDAMENTO", nextSendAt: deps.clock.now(), sentInRun: 0, pauseReason: null, updatedAt: isoNow(deps.clock) })
          .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "PROGRAMADA")))
          .returning()
      )[0];
      if (moved) await createShipments(deps, tx, moved);
      return moved;
    });
    if (row) await publish(deps, row, true);
  }
}

/** The campaigns of one connection take turns, one shipment each, until nothing is due or time is up. */
export async function runConnection(deps: Deps, ids: number[], deadline: number, touched: Set<number>) {
  const settings = new Map<number, CampaignSettings>();
  for (;;) {
    let sent = false;
    let earliest = Number.POSITIVE_INFINITY;
    for (const id of ids) {
      if (Date.now() >= deadline) return;
      const r = await step(deps, id, settings);
      if (r.sent) {
        sent = true;
        touched.add(id);
      } else if (r.waitUntil) earliest = Math.min(earliest, r.waitUntil);
    }
    if (sent) continue;
    const wait = earliest - deps.clock.now();
    if (!Number.isFinite(wait) || Date.now() + wait >= deadline) return;
    await Bun.sleep(Math.max(wait, 1));
  }
}

async function step(deps: Deps, id: number, cache: Map<number, CampaignSettings>): Promise<{ sent?: boolean; waitUntil?: number }> {
  const c = await campaignById(deps.db, id);
  if (c?.status !== "EM_ANDAMENTO") return {};
  let settings = cache.get(c.companyId);
  if (!settings) {
    settings = await campaignSettingsOf(deps.db, c.companyId);
    cache.set(c.companyId, settings);
  }
  const now = deps.clock.now();
  const reason = await gateOf(deps, c, settings, now);
  if (reason !== c.pauseReason) await setPause(deps, c, reason);
  if (reason) return {};
  if (c.nextSendAt > now) return { waitUntil: c.nextSendAt };
  const ship = await nextShipment(deps.db, c.id, now);
  if (!ship) {
    await finishIfDone(deps, c, now);
    return {};
  }
  // The contact opted out after the campaign started: skipped, and the next one goes on at once.
  if (!ship.sentParts && (await isNumberOptedOut(deps, c.companyId, ship.number))) {
    await skipOptedOut(deps.db, isoNow(deps.clock), { companyId: c.companyId, number: ship.number });
    return { sent: true };
  }
  await sendShipment(deps, c, ship, settings);
  // let waiting requests and socket writes run between two sends (a send resolves in microtasks only)
  await new Promise((resolve) => setImmediate(resolve));
  return { sent: true };
}

/** Local midnight in the company's time zone, as an ISO string (the daily cap's day). */
function localMidnightIso(tz: string, now: number) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(now))
      .map((x) => [x.type, Number(x.value)]),
  );
  return new Date(now - ((p.hour * 60 + p.minute) * 60 + p.second) * 1000 - (now % 1000)).toISOString();
}

/**
 * Why the campaign must wait now, if it must (ban-aware by default): its connection is not
 * connected, sends kept failing, the connection's daily cap is reached, or it is outside the
 * company's opening hours when the settings ask for that. Waiting never uses up a shipment.
 */
async function gateOf(deps: Deps, c: CampaignRow, s: CampaignSettings, now: number): Promise<CampaignPauseReason | null> {
  if (c.pauseReason === "failures") return "failures";
  // Several nodes: the dispatcher's node may not run the session; the node that does sends (through the outbox).
  const adapter = c.whatsappId ? await deps.sessions.reach(c.whatsappId) : undefined;
  if (!adapter || (adapter.status !== undefined && adapter.status !== "CONNECTED")) return "connection";
  if (s.onlyInOpeningHours && isOutOfHours((await findCompany(deps.db, c.companyId))?.schedules, deps.config.timezone, new Date(now))) return "outOfHours";
  if (s.dailyLimit > 0 && c.whatsappId && (await deliveredSince(deps.db, c.whatsappId, localMidnightIso(deps.config.timezone, now))) >= s.dailyLimit)
    return "dailyLimit";
  return null;
}

async function setPause(deps: Deps, c: CampaignRow, reason: CampaignPauseReason | null) {
  const row = (
    await deps.db
      .update(campaigns)
      .set({ pauseReason: reason, updatedAt: isoNow(deps.clock) })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")))
      .returning()
  )[0];
  if (!row) return;
  if (reason) log.info("campaign waits", { campaignId: c.id, reason });
  await publish(deps, row, true);
}

/** FINALIZADA once nothing is left to send and no confirmation is awaited (or the wait is over). */
async function finishIfDone(deps: Deps, c: CampaignRow, now: number) {
  const r = await remainingOf(deps.db, c.id);
  if (r.toSend > 0) return;
  if (r.waiting > 0 && r.lastRequest && now - Date.parse(r.lastRequest) < LIMITS.campaignConfirmWindowMs) return;
  const row = (
    await deps.db
      .update(campaigns)
      .set({ status: "FINALIZADA", completedAt: isoNow(deps.clock), pauseReason: null, updatedAt: isoNow(deps.clock) })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")))
      .returning()
  )[0];
  if (row) await publish(deps, row, true);
}

/** The pause after the n-th message: the longer one after every `longerIntervalAfter` messages, with ±15 % jitter. */
export function pauseAfter(s: CampaignSettings, n: number, secondMs: number, random = Math.random): number {
  const long = s.longerIntervalAfter > 0 && n % s.longerIntervalAfter === 0;
  const seconds = long ? s.greaterInterval : s.messageInterval;
  return seconds ? Math.round(seconds * secondMs * (0.85 + random() * 0.3)) : 0;
}

/** What one shipment sends: the confirmation request alone, or the file list's files then the text (with the campaign's media). */
async function partsOf(deps: Deps, c: CampaignRow, ship: CampaignShippingRow, confirming: boolean): Promise<Part[]> {
  if (confirming) return [{ body: ship.confirmationMessage, media: null }];
  const files: Part[] = c.fileListId
    ? (await fileListFiles(deps, c.companyId, c.fileListId)).map((f) => ({
        body: f.name,
        media: { mediaPath: f.mediaPath, mime: f.mimetype, fileName: f.fileName },
      }))
    : [];
  const key = mediaKey(c.companyId, c.mediaPath);
  const media = key ? { mediaPath: key, mime: mimeOfName(c.mediaPath), fileName: c.mediaName ?? "file" } : null;
  return [...files, { body: ship.message, media }];
}

/** The contact (created when new) and its ticket: a closed ticket keeps campaign messages out of the waiting list. */
async function ticketFor(deps: Deps, c: CampaignRow, ship: CampaignShippingRow) {
  const { contact, created } = await deps.db.transaction((tx) =>
    upsertPeerContact(
      tx,
      c.companyId,
      { number: ship.number, address: addressOf({ number: ship.number }), pushName: ship.name },
      { name: ship.name, whatsappId: c.whatsappId },
    ),
  );
  if (created) deps.hub.publish(rooms.main(c.companyId), { channel: "contact", action: "create", contact: serializeContact(contact) });
  return {
    contact,
    ticket: await ticketForOutbound(deps, { companyId: c.companyId, contactId: contact.id, whatsappId: c.whatsappId, whenInactive: "closed" }),
  };
}

/** Inside the storing transaction: the campaign still runs, or nothing is stored. */
async function assertRunning(tx: DbOrTx, id: number) {
  const row = (await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)).limit(1))[0];
  if (row?.status !== "EM_ANDAMENTO") throw new NotSent("campaign stopped");
}

/** Inside the storing transaction: the pacing of the next shipment. */
async function advance(deps: Deps, tx: DbOrTx, c: CampaignRow, s: CampaignSettings) {
  const n = c.sentInRun + 1;
  await tx
    .update(campaigns)
    .set({ sentInRun: sql`${campaigns.sentInRun} + 1`, nextSendAt: deps.clock.now() + pauseAfter(s, n, deps.config.campaignSecondMs) })
    .where(eq(campaigns.id, c.id));
}

async function sendShipment(deps: Deps, c: CampaignRow, ship: CampaignShippingRow, s: CampaignSettings) {
  const { contact, ticket } = await ticketFor(deps, c, ship);
  // Outside the 24-hour window a Cloud API campaign sends its template alone (no confirmation request).
  const template = ship.sentParts === 0 && !ship.confirmationRequestedAt ? await templatePart(deps, c, ship, contact.name) : null;
  const confirming = !template && c.confirmation && !ship.confirmationRequestedAt;
  const parts = template ? [template] : await partsOf(deps, c, ship, confirming);
  const first = confirming ? 0 : Math.min(ship.sentParts, parts.length - 1);
  for (let k = first; k < parts.length; k++) {
    const last = k === parts.length - 1;
    const now = isoNow(deps.clock);
    const onStored: SendSpec["onStored"] = async (tx, message) => {
      await assertRunning(tx, c.id);
      const patch = confirming
        ? { confirmationRequestedAt: now, messageId: message.id }
        : { sentParts: k + 1, ...(last && { deliveredAt: now, messageId: message.id }) };
      const guard = confirming ? isNull(campaignShipping.confirmationRequestedAt) : eq(campaignShipping.sentParts, k);
      const done = (
        await tx
          .update(campaignShipping)
          .set(patch)
          .where(and(eq(campaignShipping.id, ship.id), isNull(campaignShipping.deliveredAt), guard))
          .returning({ id: campaignShipping.id })
      )[0];
      if (!done) throw new NotSent("shipment already recorded");
      if (last || confirming) await advance(deps, tx, c, s);
    };
    const part = parts[k];
    const body = part.template ? part.body : renderTemplate(part.body, { name: contact.name }, deps.config.timezone, new Date(deps.clock.now()));
    let sent: Awaited<ReturnType<Deps["outbox"]["send"]>>;
    try {
      sent = await deps.outbox.send(ticket, { body, media: part.media, template: part.template, isAutomatic: true, onStored });
    } catch (e) {
      if (e instanceof NotSent) return;
      throw e;
    }
    if (sent.sendStatus === "failed") {
      const paused = await recordFailure(deps, c, ship, confirming, k, sent.sendError ?? "ERR_SENDING_WAPP_MSG");
      if (paused) {
        log.warn("campaign paused: sends keep failing", { campaignId: c.id });
        await publish(deps, paused, true);
      }
      return;
    }
    if (c.failStreak > 0) {
      await deps.db.update(campaigns).set({ failStreak: 0 }).where(eq(campaigns.id, c.id));
      c.failStreak = 0;
    }
  }
}
