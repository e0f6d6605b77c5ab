import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { CampaignProgressDto } from "../../contract/dto/campaigns";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { contacts } from "../contacts";
import { sendFailed } from "../messages";
import { tickets } from "../tickets";
import { ticketsWithTag } from "../tags";
import { type CampaignRow, type CampaignShippingRow, campaignShipping, campaigns } from "./schema";

export const findCampaign = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .limit(1)
  )[0];

export const campaignById = async (db: DbOrTx, id: number) => (await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1))[0];

/** A page of campaigns ordered by name (R-CMP-13), searching the name. */
export const pageCampaigns = (db: DbOrTx, companyId: number, search: string, page: number, size: number) =>
  pageOf(
    db,
    campaigns,
    search ? and(eq(campaigns.companyId, companyId), containsAny(search, campaigns.name)) : eq(campaigns.companyId, companyId),
    [asc(campaigns.name), asc(campaigns.id)],
    page,
    size,
  );

/** PROGRAMADA campaigns whose start time has come (including ones missed while the server was down). */
export const dueCampaigns = async (db: DbOrTx, nowIso: string) =>
  await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.status, "PROGRAMADA"), isNotNull(campaigns.scheduledAt), lte(campaigns.scheduledAt, nowIso)))
    .orderBy(asc(campaigns.scheduledAt))
    .limit(100);

/** Every running campaign of every company. */
export const runningCampaigns = async (db: DbOrTx) => await db.select().from(campaigns).where(eq(campaigns.status, "EM_ANDAMENTO")).orderBy(asc(campaigns.id));

/** How many rows of the group meet a condition (PostgreSQL has no sum over booleans; same statement on both engines). */
const countIf = (cond: SQL) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;

const zero = (): CampaignProgressDto => ({ valid: 0, delivered: 0, failed: 0, skipped: 0, confirmationRequested: 0, confirmed: 0 });

/** Shipment counters per campaign in one grouped query. */
export async function progressOf(db: DbOrTx, ids: number[]): Promise<Map<number, CampaignProgressDto>> {
  const map = new Map<number, CampaignProgressDto>(ids.map((id) => [id, zero()]));
  if (!ids.length) return map;
  const s = campaignShipping;
  const rows = await db
    .select({
      id: s.campaignId,
      valid: count(),
      // A shipment whose message the outbox later gave up on (its connection stayed down) failed.
      delivered: countIf(sql`${s.deliveredAt} is not null and not ${sendFailed(s.messageId)}`),
      failed: countIf(sql`${s.failedAt} is not null or ${sendFailed(s.messageId)}`),
      skipped: countIf(sql`${s.skippedAt} is not null`),
      requested: countIf(sql`${s.confirmationRequestedAt} is not null`),
      confirmed: countIf(sql`${s.confirmation} = 1`),
    })
    .from(s)
    .where(inArray(s.campaignId, ids))
    .groupBy(s.campaignId);
  for (const r of rows) {
    map.set(r.id, {
      valid: r.valid,
      delivered: Number(r.delivered ?? 0),
      failed: Number(r.failed ?? 0),
      skipped: Number(r.skipped ?? 0),
      confirmationRequested: Number(r.requested ?? 0),
      confirmed: Number(r.confirmed ?? 0),
    });
  }
  return map;
}

/**
 * The next shipment to send: a confirmed one whose short wait is over, else the next one never sent
 * nor asked for confirmation, in list order. Two index walks (no sort of the remaining rows).
 */
export async function nextShipment(db: DbOrTx, campaignId: number, now: number): Promise<CampaignShippingRow | undefined> {
  const s = campaignShipping;
  const open = and(eq(s.campaignId, campaignId), isNull(s.deliveredAt), isNull(s.failedAt), isNull(s.skippedAt));
  return (
    (
      await db
        .select()
        .from(s)
        .where(and(open, eq(s.confirmation, true), lte(s.dueAt, now)))
        .orderBy(asc(s.id))
        .limit(1)
    )[0] ??
    (
      await db
        .select()
        .from(s)
        .where(and(open, isNull(s.confirmationRequestedAt), lte(s.dueAt, now)))
        .orderBy(asc(s.id))
        .limit(1)
    )[0]
  );
}

/** What is left of a run: shipments still to send (now or later) and those waiting for an answer. */
export async function remainingOf(db: DbOrTx, campaignId: number) {
  const s = campaignShipping;
  const r = (
    await db
      .select({
        toSend: countIf(
          sql`${s.deliveredAt} is null and ${s.failedAt} is null and ${s.skippedAt} is null and (${s.confirmationRequestedAt} is null or ${s.confirmation} = 1)`,
        ),
        waiting: countIf(
          sql`${s.deliveredAt} is null and ${s.failedAt} is null and ${s.skippedAt} is null and ${s.confirmationRequestedAt} is not null and ${s.confirmation} is null`,
        ),
        lastRequest: sql<string | null>`max(${s.confirmationRequestedAt})`,
      })
      .from(s)
      .where(eq(s.campaignId, campaignId))
      .limit(1)
  )[0];
  return { toSend: Number(r?.toSend ?? 0), waiting: Number(r?.waiting ?? 0), lastRequest: r?.lastRequest ?? null };
}

/** Campaign messages a connection delivered since a moment (the daily cap). */
export const deliveredSince = async (db: DbOrTx, whatsappId: number, sinceIso: string) =>
  (
    await db
      .select({ n: count() })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.whatsappId, whatsappId), gte(campaignShipping.deliveredAt, sinceIso)))
      .limit(1)
  )[0]?.n ?? 0;

/** A page of a campaign's shipments in list order (the report). */
export const pageShipments = (db: DbOrTx, campaignId: number, page: number, size: number) =>
  pageOf(db, campaignShipping, eq(campaignShipping.campaignId, campaignId), [asc(campaignShipping.id)], page, size);

/**
 * The shipment waiting for this number's confirmation on a connection, in a running campaign with
 * confirmation on (R-CMP-9).
 */
export const awaitingConfirmation = async (db: DbOrTx, companyId: number, whatsappId: number, number: string) =>
  (
    await db
      .select({ shipping: campaignShipping })
      .from(campaignShipping)
      .innerJoin(campaigns, eq(campaigns.id, campaignShipping.campaignId))
      .where(
        and(
          eq(campaignShipping.companyId, companyId),
          eq(campaignShipping.number, number),
          isNotNull(campaignShipping.confirmationRequestedAt),
          isNull(campaignShipping.confirmation),
          isNull(campaignShipping.deliveredAt),
          isNull(campaignShipping.skippedAt),
          eq(campaigns.status, "EM_ANDAMENTO"),
          eq(campaigns.confirmation, true),
          eq(campaigns.whatsappId, whatsappId),
        ),
      )
      .orderBy(asc(campaignShipping.id))
      .limit(1)
  )[0]?.shipping;

/** True when this number got a campaign message (or a confirmation request) of the company since a moment. */
export const receivedCampaignSince = async (db: DbOrTx, companyId: number, number: string, sinceIso: string) =>
  !!(
    await db
      .select({ id: campaignShipping.id })
      .from(campaignShipping)
      .where(
        and(
          eq(campaignShipping.companyId, companyId),
          eq(campaignShipping.number, number),
          sql`coalesce(${campaignShipping.deliveredAt}, ${campaignShipping.confirmationRequestedAt}) >= ${sinceIso}`,
        ),
      )
      .limit(1)
  )[0];

/** Why a shipment was skipped (the report translates it: errors.ERR_CONTACT_OPTED_OUT). */
export const OPTED_OUT = "ERR_CONTACT_OPTED_OUT";

/**
 * Marks skipped the shipments not sent yet of running or new campaigns: all of a campaign whose
 * number opted out (at its start), or all of the company's for one number (when it opts out).
 */
export async function skipOptedOut(db: DbOrTx, nowIso: string, where: { campaignId: number; companyId: number } | { companyId: number; number: string }) {
  const s = campaignShipping;
  const pending = and(isNull(s.deliveredAt), isNull(s.failedAt), isNull(s.skippedAt), eq(s.sentParts, 0));
  const target =
    "number" in where
      ? and(eq(s.companyId, where.companyId), eq(s.number, where.number), pending)
      : and(
          eq(s.campaignId, where.campaignId),
          pending,
          sql`${s.number} in (select ${contacts.number} from ${contacts} where ${contacts.companyId} = ${where.companyId} and ${contacts.optedOutAt} is not null)`,
        );
  await db.update(s).set({ skippedAt: nowIso, error: OPTED_OUT }).where(target);
}

export type { CampaignRow, CampaignShippingRow };

/** The contacts (people, not groups) of the company's tickets carrying a tag: a campaign aimed at a tag. */
export const contactsWithTag = async (db: DbOrTx, companyId: number, tagId: number) =>
  await db
    .selectDistinct({ name: contacts.name, number: contacts.number, email: contacts.email })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(
      and(
        inArray(tickets.id, ticketsWithTag(db, tagId)),
        eq(tickets.companyId, companyId),
        eq(contacts.isGroup, false),
        sql`${contacts.number} not like 'lid:%'`,
      ),
    )
    .limit(50_000);
