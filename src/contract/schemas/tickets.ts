import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG, nullableId, pageNumberField, searchField } from "./common";

const jsonIdArray = v.optional(
  v.pipe(
    v.union([v.string(), v.array(v.union([v.string(), v.number()]))]),
    v.transform((x) => {
      if (Array.isArray(x)) return x.map(Number);
      if (!x) return [];
      try {
        const parsed = JSON.parse(x);
        return Array.isArray(parsed) ? parsed.map((p) => Number(typeof p === "object" && p ? p.id : p)) : [Number(parsed)];
      } catch {
        return x.split(",").map(Number);
      }
    }),
    v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))),
  ),
);
const bool = v.optional(
  v.pipe(
    v.union([v.string(), v.boolean()]),
    v.transform((x) => x === true || x === "true"),
  ),
);
const day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid)));

export const TICKET_STATUSES = ["open", "pending", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** GET /tickets query (R-API-1). */
export const TicketListQuery = v.object({
  searchParam: searchField,
  pageNumber: pageNumberField(),
  status: v.optional(v.picklist(TICKET_STATUSES, MSG.invalid)),
  date: day,
  updatedAt: day,
  showAll: bool,
  withUnreadMessages: bool,
  queueIds: jsonIdArray,
  tags: jsonIdArray,
  users: jsonIdArray,
});
export type TicketListInput = v.InferOutput<typeof TicketListQuery>;

/** POST /tickets. */
export const TicketCreateBody = v.object({
  contactId: v.pipe(
    v.union([v.number(), v.string()], MSG.required),
    v.transform(Number),
    v.number(MSG.required),
    v.integer(MSG.invalid),
    v.minValue(1, MSG.required),
  ),
  queueId: nullableId,
  whatsappId: nullableId,
  userId: nullableId,
  status: v.optional(v.string()),
});
export type TicketCreateInput = v.InferOutput<typeof TicketCreateBody>;

/** PUT /tickets/{id}: accept, return, resolve, reopen and transfer are status/user/queue changes. */
export const TicketUpdateBody = v.object({
  status: v.optional(v.picklist(TICKET_STATUSES, MSG.invalid)),
  userId: nullableId,
  queueId: nullableId,
  whatsappId: nullableId,
  useIntegration: v.optional(v.boolean()),
  integrationId: nullableId,
  promptId: nullableId,
  chatbot: v.optional(v.boolean()),
  queueOptionId: nullableId,
});
export type TicketUpdateInput = v.InferOutput<typeof TicketUpdateBody>;

/** The new-ticket modal: a queue is required unless the user may handle any ticket ("Selecione uma fila"). */
export const NewTicketForm = (queueOptional: boolean) =>
  v.object({
    contactId: v.pipe(v.number(MSG.required), v.minValue(1, MSG.required)),
    queueId: queueOptional ? v.nullish(v.number()) : v.pipe(v.number(MSG.selectQueue), v.minValue(1, MSG.selectQueue)),
  });

/** POST /ticket-notes. */
export const TicketNoteBody = v.object({
  note: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.minLength(LIMITS.noteMin, MSG.tooShort), v.maxLength(5000, MSG.tooLong)),
  ticketId: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(MSG.required), v.integer(), v.minValue(1, MSG.required)),
  contactId: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.integer())),
});
export const TicketNoteListQuery = v.object({
  ticketId: v.optional(v.pipe(v.string(), v.transform(Number), v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1))),
  contactId: v.optional(v.pipe(v.string(), v.transform(Number), v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1))),
});

/** POST /messages/{ticketId} (JSON). */
export const MessageSendBody = v.object({
  body: v.pipe(
    v.string(MSG.required),
    v.maxLength(65_536, MSG.tooLong),
    v.check((s) => s.trim().length > 0, MSG.required),
  ),
  quotedMsg: v.optional(v.nullable(v.union([v.object({ id: v.union([v.number(), v.string()]) }), v.number(), v.string()]))),
  fromMe: v.optional(v.boolean()),
  read: v.optional(v.union([v.boolean(), v.number()])),
  mediaUrl: v.optional(v.string()),
});

/**
 * Multipart field `hints` of a media send: JSON, one entry per file in order (null when none) with
 * what the browser measured of a video: a small JPEG thumbnail (base64), its size and duration.
 */
export const MediaHintsField = v.pipe(
  v.string(),
  v.maxLength(400_000, MSG.tooLong),
  v.parseJson(undefined, "validation.invalid"),
  v.array(
    v.nullable(
      v.object({
        thumbnail: v.optional(v.pipe(v.string(), v.maxLength(65_536, MSG.tooLong), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, "validation.invalid"))),
        width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16_384))),
        height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16_384))),
        seconds: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(86_400))),
      }),
    ),
  ),
  v.maxLength(20, MSG.tooLong),
);

export const MessageListQuery = v.object({
  pageNumber: pageNumberField(1_000_000),
});

/** POST /tags/sync. */
export const TagSyncBody = v.object({
  ticketId: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(MSG.required), v.integer(), v.minValue(1, MSG.required)),
  tags: v.array(
    v.pipe(
      v.union([v.number(), v.string(), v.object({ id: v.union([v.number(), v.string()]) })]),
      v.transform((x) => Number(typeof x === "object" ? x.id : x)),
      v.number(MSG.invalid),
      v.integer(MSG.invalid),
      v.minValue(1, MSG.invalid),
    ),
    MSG.required,
  ),
});

/** Tickets one catch-up answers at most; past it the app reloads its lists instead. */
export const TICKET_CHANGES_MAX = 200;
/** Ids of tickets the app holds that one catch-up checks at most. */
export const TICKET_CHANGES_KNOWN_MAX = 500;

/** POST /tickets/changes: what changed since the app's last frame (server time), and which of its tickets it may still show. */
export const TicketChangesBody = v.object({
  since: v.pipe(
    v.string(MSG.required),
    v.maxLength(40, MSG.invalid),
    v.check((s) => !Number.isNaN(Date.parse(s)), MSG.invalid),
    v.transform((s) => new Date(s).toISOString()),
  ),
  known: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), MSG.invalid), v.maxLength(TICKET_CHANGES_KNOWN_MAX, MSG.tooLong)), []),
});
export type TicketChangesInput = v.InferOutput<typeof TicketChangesBody>;
