/**
 * Cloud API accounts: the credentials of a connection (checked with Meta before they are saved),
 * their public shape (secrets masked), the webhook path and verify token, and the health figures
 * (last webhook, last status, errors per hour).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import type { CloudApiDto } from "../../contract/dto/connections";
import type { CloudApiInput } from "../../contract/schemas/connections";
import type { DB, DbOrTx } from "../../core/db";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import type { Outbound } from "../../lib/net/guard";
import { nowIso } from "../../lib/dates";
import { maskToken } from "../../lib/mask";
import { credentialError } from "./errors";
import { type GraphCreds, phoneNumbers } from "./graph";
import { type CloudApiAccountRow, cloudApiAccounts } from "./schema";

/** The webhook route of a connection (its key is random and unguessable). */
export const webhookPath = (key: string) => `/cloudapi/webhook/${key}`;

const randomKey = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

export const findAccount = async (db: DbOrTx, connectionId: number) =>
  (await db.select().from(cloudApiAccounts).where(eq(cloudApiAccounts.connectionId, connectionId)).limit(1))[0];

/** The account a webhook path points at (undefined for an unknown key). */
export const accountByKey = async (db: DB, key: string) => (await db.select().from(cloudApiAccounts).where(eq(cloudApiAccounts.webhookKey, key)).limit(1))[0];

/** Another connection of the same company serving this phone number id (one Meta app may serve several numbers). */
export const accountOfNumber = async (db: DB, companyId: number, phoneNumberId: string) =>
  (
    await db
      .select()
      .from(cloudApiAccounts)
      .where(and(eq(cloudApiAccounts.companyId, companyId), eq(cloudApiAccounts.phoneNumberId, phoneNumberId)))
      .limit(1)
  )[0];

/** The accounts of some connections (the list and its frames). */
export async function accountsOf(db: DB, connectionIds: number[]): Promise<Map<number, CloudApiAccountRow>> {
  if (!connectionIds.length) return new Map();
  const rows = await db.select().from(cloudApiAccounts).where(inArray(cloudApiAccounts.connectionId, connectionIds));
  return new Map(rows.map((r) => [r.connectionId, r]));
}

/** Where the channel's Graph calls go (CLOUD_API_URL) and through what (the outbound guard). */
export interface GraphEnv {
  baseUrl: string;
  outbound: Outbound;
}

/** The Graph environment of the app. */
export const graphEnv = (deps: Pick<Deps, "config" | "outbound">): GraphEnv => ({ baseUrl: deps.config.cloudApiUrl, outbound: deps.outbound });

/** How the channel calls Graph for an account. */
export const credsOf = (env: GraphEnv, a: Pick<CloudApiAccountRow, "accessToken" | "appSecret">): GraphCreds => ({
  ...env,
  accessToken: a.accessToken,
  appSecret: a.appSecret,
});

/** A secret left as its mask keeps the stored one. */
const keep = (incoming: string, stored: string | undefined) => (stored && (incoming === maskToken(stored) || incoming.includes("••")) ? stored : incoming);

/** The credentials to check and save: masked secrets sent back are the stored ones. */
export function resolveInput(input: CloudApiInput, existing?: CloudApiAccountRow): CloudApiInput {
  const out = { ...input, accessToken: keep(input.accessToken, existing?.accessToken), appSecret: keep(input.appSecret, existing?.appSecret) };
  if (out.accessToken.includes("••") || out.appSecret.includes("••")) {
    throw new AppError("ERR_VALIDATION", 400, {
      fields: { [out.accessToken.includes("••") ? "cloudApi.accessToken" : "cloudApi.appSecret"]: "validation.required" },
    });
  }
  return out;
}

/** True when nothing that Meta checks changed (no new call needed). */
export const sameCredentials = (a: CloudApiInput, b: CloudApiAccountRow) =>
  a.phoneNumberId === b.phoneNumberId && a.wabaId === b.wabaId && a.accessToken === b.accessToken && a.appSecret === b.appSecret;

/**
 * One Graph call proves the credentials: the account's numbers, asked with the token and the app
 * secret's proof. Each cause answers its own code (bad token, wrong account, no permission, wrong
 * app secret, a number not in the account, Meta unreachable); the number in use elsewhere is refused.
 */
export async function verifyCredentials(deps: Pick<Deps, "db" | "config" | "outbound">, input: CloudApiInput, exceptConnectionId = 0) {
  const db = deps.db;
  const clash = (
    await db
      .select({ id: cloudApiAccounts.connectionId })
      .from(cloudApiAccounts)
      .where(and(eq(cloudApiAccounts.phoneNumberId, input.phoneNumberId), ne(cloudApiAccounts.connectionId, exceptConnectionId)))
      .limit(1)
  )[0];
  if (clash) throw new AppError("ERR_CLOUD_NUMBER_IN_USE", 409, { fields: { "cloudApi.phoneNumberId": "validation.invalid" } });
  let numbers: Awaited<ReturnType<typeof phoneNumbers>>;
  try {
    numbers = await phoneNumbers(credsOf(graphEnv(deps), input), input.wabaId);
  } catch (e) {
    const { code, field } = credentialError(e);
    throw new AppError(code, code === "ERR_CLOUD_UNREACHABLE" ? 502 : 400, field ? { fields: { [`cloudApi.${field}`]: "validation.invalid" } } : undefined);
  }
  const number = numbers.find((n) => n.id === input.phoneNumberId);
  if (!number) throw new AppError("ERR_CLOUD_NUMBER_NOT_FOUND", 400, { fields: { "cloudApi.phoneNumberId": "validation.invalid" } });
  return { displayPhoneNumber: number.display_phone_number ?? "", verifiedName: number.verified_name ?? "" };
}

/** Inside the connection's transaction: the account row, created with a new webhook key and verify token, or updated. */
export async function saveAccount(
  tx: DbOrTx,
  ref: { connectionId: number; companyId: number },
  input: CloudApiInput,
  verified: { displayPhoneNumber: string; verifiedName: string } | null,
) {
  const now = nowIso();
  const values = { ...input, ...(verified ?? {}), updatedAt: now };
  const updated = (await tx.update(cloudApiAccounts).set(values).where(eq(cloudApiAccounts.connectionId, ref.connectionId)).returning())[0];
  if (updated) return updated;
  return (
    await tx
      .insert(cloudApiAccounts)
      .values({ ...values, ...ref, verifyToken: randomKey(18), webhookKey: randomKey(24), createdAt: now })
      .returning()
  )[0];
}

const HOUR = 60 * 60_000;

function errorBuckets(json: string): [number, number][] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((b): b is [number, number] => Array.isArray(b) && typeof b[0] === "number" && typeof b[1] === "number") : [];
  } catch {
    return [];
  }
}

/** Counts an error (a Graph error, a failed status, a refused webhook) in the hour's bucket; 24 hours are kept. */
export async function recordError(db: DB, connectionId: number, now = Date.now(), n = 1) {
  const row = await findAccount(db, connectionId);
  if (!row || n <= 0) return;
  const hour = now - (now % HOUR);
  const buckets = errorBuckets(row.errorHours).filter(([h]) => h > now - 24 * HOUR);
  const current = buckets.find(([h]) => h === hour);
  if (current) current[1] += n;
  else buckets.push([hour, n]);
  await db
    .update(cloudApiAccounts)
    .set({ errorHours: JSON.stringify(buckets) })
    .where(eq(cloudApiAccounts.connectionId, connectionId));
}

/** The public shape: secrets masked; the webhook path and verify token only for admins. */
export function serializeAccount(a: CloudApiAccountRow, opts: { admin?: boolean } = {}, now = Date.now()): CloudApiDto {
  const buckets = errorBuckets(a.errorHours);
  const sum = (since: number) => buckets.filter(([h]) => h + HOUR > since).reduce((n, [, c]) => n + c, 0);
  return {
    phoneNumberId: a.phoneNumberId,
    wabaId: a.wabaId,
    displayPhoneNumber: a.displayPhoneNumber,
    verifiedName: a.verifiedName,
    accessToken: maskToken(a.accessToken),
    appSecret: maskToken(a.appSecret),
    webhookPath: opts.admin ? webhookPath(a.webhookKey) : null,
    verifyToken: opts.admin ? a.verifyToken : null,
    lastWebhookAt: a.lastWebhookAt,
    lastStatusAt: a.lastStatusAt,
    errorsLastHour: buckets.filter(([h]) => h > now - HOUR).reduce((n, [, c]) => n + c, 0),
    errorsLastDay: sum(now - 24 * HOUR),
  };
}
