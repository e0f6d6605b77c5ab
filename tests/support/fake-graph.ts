/**
 * A fake of Meta's Graph API for WhatsApp Cloud API connections, on 127.0.0.1: accounts with their
 * numbers, token and app secret (every call must carry the token and its appsecret_proof, as Graph
 * checks them), sent messages, uploaded media, customers' media to download, templates; and Meta's
 * side of the webhook: signed deliveries of messages and statuses (redeliveries, out-of-order
 * statuses and bad signatures included), posted wherever the test says.
 */
import { createHmac } from "node:crypto";

export interface FakeNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
}

export interface FakeAccount {
  wabaId: string;
  token: string;
  appSecret: string;
  numbers: FakeNumber[];
  /** Graph permission error (code 10) on every call when false. */
  permitted?: boolean;
  templates: Record<string, unknown>[];
}

export interface SentMessage {
  phoneNumberId: string;
  body: Record<string, any>;
  id: string;
}

type Post = (path: string, body: string, headers: Record<string, string>) => Promise<Response>;

const graphError = (status: number, code: number, message: string, subcode?: number) =>
  Response.json({ error: { message, type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: "x" } }, { status });

let seq = 0;
export const wamid = () => `wamid.HBgM${Date.now().toString(36)}${(++seq).toString(36).toUpperCase()}`;

/** Starts the fake; `stop()` when done. */
export function startFakeGraph() {
  const accounts: FakeAccount[] = [];
  const sent: SentMessage[] = [];
  const reads: string[] = [];
  const uploads = new Map<string, { bytes: Uint8Array; mime: string; name: string }>();
  const media = new Map<string, { bytes: Uint8Array; mime: string; wabaToken: string }>();
  const calls: { method: string; path: string }[] = [];
  /** The next message sends fail with this Graph error (one entry per send). */
  const failures: { status: number; code: number; message: string }[] = [];
  /** Held sends: when set, a send waits for this promise before answering (statuses may overtake it). */
  let hold: Promise<void> | null = null;

  const accountOfNumber = (id: string) => accounts.find((a) => a.numbers.some((n) => n.id === id));
  const proof = (token: string, secret: string) => createHmac("sha256", secret).update(token).digest("hex");

  /** Graph's checks: a token it knows (190), the app secret proof (100), the object's owner (100/33), permission (10). */
  function authorize(req: Request, url: URL, owner: FakeAccount | undefined): Response | FakeAccount {
    const token = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    const holder = accounts.find((a) => a.token === token);
    if (!holder) return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
    if (url.searchParams.get("appsecret_proof") !== proof(token, holder.appSecret)) {
      return graphError(400, 100, "Invalid appsecret_proof provided in the API argument");
    }
    if (!owner || owner !== holder)
      return graphError(400, 100, "Unsupported get request. Object does not exist or cannot be loaded due to missing permissions", 33);
    if (holder.permitted === false) return graphError(403, 10, "Application does not have permission for this action");
    return holder;
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req): Promise<Response> {
      const url = new URL(req.url);
      calls.push({ method: req.method, path: url.pathname });
      const parts = url.pathname.split("/").filter(Boolean);
      if (parts[0] === "media-bytes") {
        const m = media.get(parts[1] ?? "");
        if (!m || req.headers.get("authorization") !== `Bearer ${m.wabaToken}`) return new Response("no", { status: 404 });
        return new Response(new Blob([m.bytes as Uint8Array<ArrayBuffer>]), { headers: { "content-type": m.mime } });
      }
      if (parts[0] !== "v21.0") return new Response("not found", { status: 404 });
      const [, id, edge] = parts;
      if (edge === "phone_numbers" && req.method === "GET") {
        const owner = accounts.find((a) => a.wabaId === id);
        const ok = authorize(req, url, owner);
        if (ok instanceof Response) return ok;
        return Response.json({ data: ok.numbers, paging: { cursors: { before: "a", after: "b" } } });
      }
      if (edge === "message_templates" && req.method === "GET") {
        const ok = authorize(
          req,
          url,
          accounts.find((a) => a.wabaId === id),
        );
        if (ok instanceof Response) return ok;
        const after = Number(url.searchParams.get("after") ?? 0);
        const limit = Number(url.searchParams.get("limit") ?? 25);
        const page = ok.templates.slice(after, after + limit);
        const more = after + limit < ok.templates.length;
        return Response.json({
          data: page,
          paging: { cursors: { after: String(after + limit) }, ...(more ? { next: `https://graph.invalid/next?after=${after + limit}` } : {}) },
        });
      }
      if (edge === "messages" && req.method === "POST") {
        const ok = authorize(req, url, accountOfNumber(id ?? ""));
        if (ok instanceof Response) return ok;
        const body = (await req.json()) as Record<string, any>;
        if (body.status === "read") {
          reads.push(body.message_id);
          return Response.json({ success: true });
        }
        if (hold) await hold;
        const failure = failures.shift();
        if (failure) return graphError(failure.status, failure.code, failure.message);
        const mid = wamid();
        sent.push({ phoneNumberId: id!, body, id: mid });
        return Response.json({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: mid }] });
      }
      if (edge === "media" && req.method === "POST") {
        const ok = authorize(req, url, accountOfNumber(id ?? ""));
        if (ok instanceof Response) return ok;
        const form = await req.formData();
        const file = form.get("file");
        if (!(file instanceof File) || form.get("messaging_product") !== "whatsapp") return graphError(400, 100, "file required");
        const mediaId = `${900000 + uploads.size}`;
        uploads.set(mediaId, { bytes: new Uint8Array(await file.arrayBuffer()), mime: String(form.get("type")), name: file.name });
        return Response.json({ id: mediaId });
      }
      if (!edge && req.method === "GET" && id && media.has(id)) {
        const m = media.get(id)!;
        const token = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
        if (token !== m.wabaToken) return graphError(400, 100, "Unsupported get request", 33);
        return Response.json({
          url: `${base}/media-bytes/${id}`,
          mime_type: m.mime,
          sha256: "x",
          file_size: m.bytes.length,
          id,
          messaging_product: "whatsapp",
        });
      }
      return graphError(400, 100, "Unknown path components");
    },
  });
  const base: string = `http://127.0.0.1:${server.port}`;

  /** Adds an account with one number (ids and secrets generated unless given). */
  function addAccount(over: Partial<FakeAccount> & { number?: Partial<FakeNumber> } = {}): FakeAccount {
    const n = accounts.length + 1;
    const account: FakeAccount = {
      wabaId: over.wabaId ?? `10${n}00000000${n}`,
      token: over.token ?? `EAAG${crypto.randomUUID().replaceAll("-", "")}`,
      appSecret: over.appSecret ?? crypto.randomUUID().replaceAll("-", ""),
      numbers: over.numbers ?? [{ id: `20${n}00000000${n}`, display_phone_number: `+55 11 4000-000${n}`, verified_name: `Empresa ${n}`, ...over.number }],
      permitted: over.permitted,
      templates: over.templates ?? [],
    };
    accounts.push(account);
    return account;
  }

  /** A customer's media, downloadable with the account's token. */
  function addMedia(account: FakeAccount, bytes: Uint8Array, mime: string): string {
    const id = `77${media.size + 1}${Date.now() % 100000}`;
    media.set(id, { bytes, mime, wabaToken: account.token });
    return id;
  }

  return {
    url: `${base}/v21.0`,
    base,
    accounts,
    sent,
    reads,
    uploads,
    calls,
    failures,
    addAccount,
    addMedia,
    /** Holds every send until `release()` (a status may then arrive before the send's answer). */
    holdSends() {
      let release!: () => void;
      hold = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        hold = null;
        release();
      };
    },
    stop: () => server.stop(true),
  };
}

export type FakeGraph = ReturnType<typeof startFakeGraph>;

// ── Meta's side of the webhook ──────────────────────────────────────────────

/** The `value` of one `messages` change for a number. */
export function change(number: FakeNumber, value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] }) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: number.display_phone_number, phone_number_id: number.id }, ...value },
          },
        ],
      },
    ],
  };
}

const seconds = (at = Date.now()) => String(Math.floor(at / 1000));

/** A customer's message (any type: `{ type: "text", text: { body } }`…). */
export function inboundMessage(from: string, content: Record<string, unknown>, opts: { id?: string; at?: number; context?: string; name?: string } = {}) {
  return {
    contacts: [{ profile: { name: opts.name ?? `Cliente ${from.slice(-4)}` }, wa_id: from }],
    messages: [{ from, id: opts.id ?? wamid(), timestamp: seconds(opts.at), ...(opts.context ? { context: { from, id: opts.context } } : {}), ...content }],
  };
}

/** A status of one of our messages. */
export function statusOf(id: string, status: "sent" | "delivered" | "read" | "failed", opts: { to?: string; alias?: string; code?: number; at?: number } = {}) {
  return {
    id,
    status,
    timestamp: seconds(opts.at),
    recipient_id: opts.to ?? "5511999990000",
    ...(opts.alias ? { biz_opaque_callback_data: opts.alias } : {}),
    ...(status === "failed" ? { errors: [{ code: opts.code ?? 131026, title: "Message undeliverable", message: "x", error_data: { details: "x" } }] } : {}),
  };
}

/** The signature Meta puts on a delivery. */
export const sign = (raw: string, appSecret: string) => `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;

/** Posts a delivery to a connection's webhook path, signed with `appSecret` (or the given header). */
export async function deliver(post: Post, path: string, payload: unknown, opts: { appSecret?: string; signature?: string | null } = {}) {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature = opts.signature !== undefined ? opts.signature : opts.appSecret ? sign(raw, opts.appSecret) : null;
  if (signature) headers["x-hub-signature-256"] = signature;
  return post(path, raw, headers);
}
