import * as v from "valibot";
import { HISTORY_MAX_DAYS } from "../media";
import { MSG, nameField } from "./common";

/** Transports a connection can use: WhatsApp (Baileys), the WhatsApp Cloud API, or the built-in sandbox phone. */
export const CONNECTION_CHANNELS = ["baileys", "cloudapi", "sandbox"] as const;
export type ConnectionChannel = (typeof CONNECTION_CHANNELS)[number];

/** Session states (R-CONN-4); the badge draws attention to every one but CONNECTED. */
export const SESSION_STATUSES = ["qrcode", "PAIRING", "OPENING", "CONNECTED", "TIMEOUT", "DISCONNECTED"] as const;
export const ALERT_STATUSES: readonly string[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

const text = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(max, MSG.tooLong)));

/** A non-negative integer from a number or numeric string ("" → 0). */
const count = (max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" ? 0 : Number(x))),
      v.number(MSG.invalid),
      v.integer(MSG.invalid),
      v.minValue(0, MSG.invalid),
      v.maxValue(max, MSG.invalid),
    ),
  );

/** "" / null / 0 become null; other values a positive integer id. */
const optionalId = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" || Number(x) === 0 ? null : Number(x))),
      v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))),
    ),
  ),
);

const boolField = v.optional(
  v.pipe(
    v.union([v.boolean(), v.literal("true"), v.literal("false"), v.literal(0), v.literal(1)], MSG.invalid),
    v.transform((x) => x === true || x === "true" || x === 1),
  ),
);

const idList = v.optional(
  v.pipe(
    v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.integer(), v.minValue(1)), MSG.invalid),
    v.maxLength(200, MSG.invalid),
    v.transform((ids) => [...new Set(ids)]),
  ),
);

/** Token of the external API for this connection: empty means none. */
const tokenField = v.optional(
  v.nullable(
    v.pipe(
      v.string(MSG.invalid),
      v.trim(),
      v.maxLength(200, MSG.tooLong),
      v.check((s) => s === "" || /^[\w.~-]{8,200}$/.test(s), MSG.invalid),
    ),
  ),
);

/** A Graph id (a phone number id, a WhatsApp Business Account id): digits. */
const graphId = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.regex(/^\d{5,30}$/, MSG.invalid));
/** A secret as pasted (a token, an app secret), or its mask sent back to keep the stored one. */
const secretField = (max: number) =>
  v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(max, MSG.tooLong), v.regex(/^\S+$/, MSG.invalid));

/** The credentials of a WhatsApp Cloud API connection (Meta's app settings). */
export const CloudApiFields = v.object({
  phoneNumberId: graphId,
  wabaId: graphId,
  accessToken: secretField(2000),
  appSecret: secretField(200),
});
export type CloudApiInput = v.InferOutput<typeof CloudApiFields>;

const fields = {
  name: nameField,
  /** Channel "cloudapi" only: the Cloud API credentials (checked with Meta before they are saved). */
  cloudApi: v.optional(CloudApiFields),
  channel: v.optional(v.picklist(CONNECTION_CHANNELS, MSG.invalid)),
  isDefault: boolField,
  greetingMessage: text(4000),
  complationMessage: text(4000),
  outOfHoursMessage: text(4000),
  ratingMessage: text(4000),
  token: tokenField,
  provider: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(30, MSG.tooLong))),
  queueIds: idList,
  promptId: optionalId,
  integrationId: optionalId,
  sendIdQueue: optionalId,
  timeSendQueue: count(100_000),
  maxUseBotQueues: count(1000),
  timeUseBotQueues: count(100_000),
  expiresTicket: count(100_000),
  expiresInactiveMessage: text(4000),
  /** Recent history to import when the number is linked, in days (0 = off). */
  historyDays: count(HISTORY_MAX_DAYS),
};

/** POST /whatsapp: every connection field (R-CONN-1; defaults of R-CONN-3 on the server). */
export const ConnectionCreateBody = v.object(fields);
export type ConnectionCreateInput = v.InferOutput<typeof ConnectionCreateBody>;

/** PUT /whatsapp/{id}: any subset. */
export const ConnectionUpdateBody = v.partial(v.object(fields));
export type ConnectionUpdateInput = v.InferOutput<typeof ConnectionUpdateBody>;

/** GET /whatsapp?session=0 (the session blob is never answered anyway). */
export const ConnectionListQuery = v.object({
  session: v.optional(v.string()),
  companyId: v.optional(v.string()),
});

/** PUT /whatsappsession/{id}: a new QR, or a pairing code for this phone number. */
export const SessionRestartBody = v.object({
  pairingNumber: v.optional(
    v.pipe(
      v.string(MSG.invalid),
      v.transform((s) => s.replace(/\D/g, "")),
      v.check((s) => s === "" || (s.length >= 8 && s.length <= 15), MSG.invalid),
    ),
  ),
});

/** The connection modal of the web. */
export const ConnectionForm = v.object({ name: nameField });

// ── sandbox phone ──────────────────────────────────────────────────────────

export const SANDBOX_TYPES = ["text", "image", "audio", "document", "location", "contact"] as const;
export type SandboxType = (typeof SANDBOX_TYPES)[number];

const numberField = v.pipe(
  v.string(MSG.required),
  v.transform((s) => s.replace(/\D/g, "")),
  v.minLength(8, MSG.tooShort),
  v.maxLength(15, MSG.tooLong),
);
const coord = (max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform(Number),
      v.number(MSG.invalid),
      v.minValue(-max, MSG.invalid),
      v.maxValue(max, MSG.invalid),
    ),
  );

/** POST /sandbox/{connectionId}/messages: a customer writes to the company (JSON or multipart). */
export const SandboxMessageBody = v.object({
  number: numberField,
  name: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(50, MSG.tooLong)), ""),
  type: v.optional(v.picklist(SANDBOX_TYPES, MSG.invalid), "text"),
  body: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.tooLong)), ""),
  latitude: coord(90),
  longitude: coord(180),
  vcard: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.tooLong))),
  /** Quote one of the phone's messages by its id (wid). */
  quotedId: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(100, MSG.tooLong))),
  /** The phone's own id for the message (8-64 letters, digits, - or _): sent again, it is the same message, stored once. */
  id: v.optional(v.pipe(v.string(MSG.invalid), v.regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.invalid))),
});
export type SandboxMessageInput = v.InferOutput<typeof SandboxMessageBody>;

/** GET /sandbox/{connectionId}/conversation?number. */
export const SandboxConversationQuery = v.object({ number: numberField });

export const SandboxParam = v.object({
  connectionId: v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
});
