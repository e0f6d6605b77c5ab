/**
 * Voice notes recorded in real browsers (fake microphone: a tone) reach the customer as WhatsApp's
 * own kind: Ogg/Opus, ptt, duration and a 64-bar waveform. Checked on the sandbox phone and through
 * the real Baileys library (the real server linked to the fake WhatsApp server, uploading over
 * https to a fake media host whose certificate only the server process trusts).
 * Browsers: Chromium (records WebM/Opus), Chromium posing as Safari (no Opus recorder, no Ogg
 * playback: WebAssembly encoder and in-page decoder), Firefox ESR when installed (records Ogg/Opus).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { decryptMedia, FakeMediaHost, makeTestCert } from "../support/fake-wa-media";
import { type FakePeer, FakeWaServer, parseQr } from "../support/fake-wa-server";
import { firefoxPath, launchFirefox } from "../support/firefox-bidi";
import { apiCall, type Server, SUPER_EMAIL, SUPER_PASSWORD, signIn, startServer } from "./harness";

const tls = makeTestCert();
let host: FakeMediaHost;
let wa: FakeWaServer;
let peer: FakePeer;
let server: Server;
let browser: Browser;
let token: string;
const ids = { sandbox: 0, whatsapp: 0 };
const tickets = { sandbox: { id: 0, uuid: "" }, whatsapp: { id: 0, uuid: "" } };
const CUSTOMER = "5511987650042";

const api = <T = unknown>(method: string, path: string, body?: unknown) => apiCall<T>(server.url, method, path, body, token);

async function until<T>(fn: () => Promise<T | null | undefined> | T | null | undefined, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

type Ticket = { id: number; uuid: string; whatsappId: number; contact: { name: string } };
async function acceptTicket(connectionId: number) {
  const t = await until(async () => {
    const r = await api<{ tickets: Ticket[] }>("GET", "/tickets?status=pending&showAll=true");
    return r.data.tickets.find((x) => x.whatsappId === connectionId);
  }, `a ticket on connection ${connectionId}`);
  expect((await api("PUT", `/tickets/${t.id}`, { status: "open" })).status).toBe(200);
  return { id: t.id, uuid: t.uuid };
}

type SandboxMsg = { id: number; direction: string; type: string; ptt: boolean; mimetype: string; media: { seconds: number; waveform: number[] } | null };
const sandboxNotes = async () =>
  (await api<{ messages: SandboxMsg[] }>("GET", `/sandbox/${ids.sandbox}/conversation?number=${CUSTOMER}`)).data.messages.filter(
    (m) => m.direction === "out" && m.type === "audio",
  );
const peerNotes = () => peer.inbox.filter((m) => m.message.audioMessage);

/** A new voice note (after `before` of them) reached the sandbox phone with WhatsApp's shape. */
async function expectSandboxVoiceNote(before: number) {
  const notes = await until(async () => {
    const n = await sandboxNotes();
    return n.length > before ? n : null;
  }, "a new voice note on the sandbox phone");
  const note = notes[notes.length - 1];
  expect(note).toMatchObject({ ptt: true, mimetype: "audio/ogg; codecs=opus" });
  expect(note.media?.seconds).toBeGreaterThanOrEqual(1);
  expect(note.media?.waveform).toHaveLength(64);
  expect(Math.max(...(note.media?.waveform ?? [0]))).toBe(100);
}

/** A new voice note (after `before` of them) was decrypted by the WhatsApp peer with WhatsApp's shape, and its upload is Ogg/Opus. */
async function expectWhatsAppVoiceNote(before: number) {
  await until(() => peerNotes().length > before, "a new voice note at the WhatsApp peer");
  const audio = peerNotes()[peerNotes().length - 1].message.audioMessage!;
  expect(audio.mimetype).toBe("audio/ogg; codecs=opus");
  expect(audio.ptt).toBe(true);
  expect(audio.seconds).toBeGreaterThanOrEqual(1);
  expect(audio.waveform).toHaveLength(64);
  const upload = host.uploads.find((u) => u.directPath === audio.directPath);
  expect(upload?.kind).toBe("/mms/audio");
  const bytes = await decryptMedia(upload!.bytes, audio.mediaKey!, "audio");
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("OggS");
  expect(bytes.includes(Buffer.from("OpusHead"))).toBe(true);
}

/** Signs the browser in; its login ends the test's earlier session, so the test goes on with the browser's token. */
async function signInPage(page: Page) {
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  token = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
}

/** Records ~2.5 s with the chat's microphone button and sends it. */
async function recordInChat(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`);
  await page.getByTestId("message").first().waitFor();
  const before = await page.getByTestId("voice-player").count();
  await page.getByTestId("record").click();
  await page.getByTestId("recording").waitFor();
  await page.waitForTimeout(2_500);
  await page.getByRole("button", { name: "Enviar áudio" }).click();
  await page.getByTestId("voice-player").nth(before).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  host = new FakeMediaHost(tls).start();
  wa = new FakeWaServer().start();
  wa.mediaHost = { hostname: host.hostname, auth: host.auth };
  peer = await wa.addPeer("15550008888", "88880008888");
  server = await startServer({ WA_WS_URL: wa.url, WA_TEST_ROOT_KEY: wa.rootKeyHex, NODE_EXTRA_CA_CERTS: tls.cert });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  token = (await apiCall<{ token: string }>(server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  // a sandbox phone and a WhatsApp connection linked to the fake server
  ids.sandbox = (await api<{ id: number }>("POST", "/whatsapp", { name: "Telefone de teste", channel: "sandbox" })).data.id;
  ids.whatsapp = (await api<{ id: number }>("POST", "/whatsapp", { name: "Loja WhatsApp" })).data.id;
  const qr = await until(async () => {
    const w = await api<{ id: number; qrcode: string }>("GET", `/whatsapp/${ids.whatsapp}`);
    return w.data.qrcode || null;
  }, "a QR code");
  const { advSecretKey, identityKey } = parseQr(qr);
  wa.last("registration")!.pairSuccess({ advSecretKey, identityKey, jid: wa.me.jid, lid: wa.me.lid });
  await until(async () => (await api<{ status: string }>("GET", `/whatsapp/${ids.whatsapp}`)).data.status === "CONNECTED", "CONNECTED");
  // a customer writes on each: two tickets, accepted by the admin
  expect((await api("POST", `/sandbox/${ids.sandbox}/messages`, { number: CUSTOMER, name: "Cliente Sandbox", type: "text", body: "Oi" })).status).toBe(201);
  tickets.sandbox = await acceptTicket(ids.sandbox);
  await until(() => wa.sessions.some((s) => !s.closed && s.hello?.kind === "login"), "the logged-in session");
  wa.last("login")!.message({ from: peer.pnJid, id: "WA-IN-1", content: { conversation: "Olá, loja" }, pushName: "Cliente WhatsApp" });
  tickets.whatsapp = await acceptTicket(ids.whatsapp);
}, 90_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  wa?.stop();
  host?.stop();
  rmSync(tls.dir, { recursive: true, force: true });
});

describe("voice notes from the chat", () => {
  test("Chromium: recorded as WebM/Opus, arrives as an Ogg/Opus voice note on the sandbox phone and through Baileys; plays at 1×/1.5×/2×", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInPage(page);
    expect(await page.evaluate(() => MediaRecorder.isTypeSupported("audio/webm;codecs=opus"))).toBe(true);

    const onPhone = (await sandboxNotes()).length;
    await recordInChat(page, tickets.sandbox.uuid);
    await expectSandboxVoiceNote(onPhone);
    const onWhatsApp = peerNotes().length;
    await recordInChat(page, tickets.whatsapp.uuid);
    await expectWhatsAppVoiceNote(onWhatsApp);

    // the player: plays (time advances), and the speed buttons set the playback rate
    const player = page.getByTestId("voice-player").last();
    expect(await player.getAttribute("data-decoded")).toBe("no");
    await player.getByTestId("voice-speed-2").click();
    expect(await player.getByTestId("voice-speed-2").getAttribute("aria-pressed")).toBe("true");
    await player.getByTestId("voice-play").click();
    await page.waitForFunction(() => {
      const a = [...document.querySelectorAll<HTMLAudioElement>('[data-testid="message-audio"]')].pop();
      return !!a && a.currentTime > 0.3 && a.playbackRate === 2;
    });
    await player.getByTestId("voice-speed-1.5").click();
    expect(await page.evaluate(() => [...document.querySelectorAll<HTMLAudioElement>('[data-testid="message-audio"]')].pop()?.playbackRate)).toBe(1.5);

    // a video: the browser's preview frame, size and duration reach the phone
    await page.goto(`/tickets/${tickets.sandbox.uuid}`);
    await page.getByTestId("file-input").setInputFiles(join(import.meta.dir, "../fixtures/media/clip.mp4"));
    await page.getByTestId("send").click();
    const video = await until(async () => {
      const all = (
        await api<{ messages: (SandboxMsg & { media: { thumbnail: string | null; width: number } | null })[] }>(
          "GET",
          `/sandbox/${ids.sandbox}/conversation?number=${CUSTOMER}`,
        )
      ).data.messages;
      return all.find((m) => m.type === "video");
    }, "the video on the phone");
    expect(video.media).toMatchObject({ width: 320, height: 240, seconds: 1 });
    expect(video.media?.thumbnail).toStartWith("data:image/jpeg;base64,");

    // over WhatsApp's limit: said in the chat before any upload, and the send button is gone
    await page.getByTestId("file-input").setInputFiles({ name: "figurinha-grande.webp", mimeType: "image/webp", buffer: Buffer.alloc(600 * 1024) });
    await page.getByTestId("attachment-too-large").getByText("figurinha-grande.webp passa de 500 KB").waitFor();
    expect(await page.getByTestId("send").count()).toBe(0);
    await context.close();
  }, 90_000);

  test("Safari's path (no Opus recorder, no Ogg playback): encoded to Ogg/Opus in the page, decoded in the page to play", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", viewport: { width: 1280, height: 800 } });
    // what Safari answers: MediaRecorder records AAC/MP4 only, and <audio> cannot play Ogg
    await context.addInitScript(() => {
      const Native = MediaRecorder;
      const supported = Native.isTypeSupported.bind(Native);
      class SafariRecorder extends Native {
        constructor(stream: MediaStream, options: MediaRecorderOptions = {}) {
          super(stream, { ...options, mimeType: "audio/mp4" });
        }
        static isTypeSupported(t: string) {
          return !/opus|ogg|webm/i.test(t) && supported(t);
        }
      }
      window.MediaRecorder = SafariRecorder;
      const canPlay = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (t: string) {
        return /ogg|opus/i.test(t) ? "" : canPlay.call(this, t);
      };
      // what the page uploads (name, type, first bytes), for the assertions
      const w = window as unknown as { __uploads: { name: string; type: string; head: string }[] };
      w.__uploads = [];
      const append = FormData.prototype.append;
      FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, filename?: string) {
        if (value instanceof Blob) {
          void value
            .arrayBuffer()
            .then((b) => w.__uploads.push({ name: filename ?? "", type: value.type, head: String.fromCharCode(...new Uint8Array(b).slice(0, 80)) }));
        }
        const native = append as (this: FormData, n: string, v: string | Blob, f?: string) => void;
        if (value instanceof Blob) native.call(this, name, value, filename);
        else native.call(this, name, value);
      } as typeof FormData.prototype.append;
    });
    const page = await context.newPage();
    await signInPage(page);
    const onPhone = (await sandboxNotes()).length;
    await recordInChat(page, tickets.sandbox.uuid);
    await expectSandboxVoiceNote(onPhone);
    // the browser uploaded Ogg/Opus it encoded itself (not the recorder's MP4)
    const uploads = await page.evaluate(() => (window as unknown as { __uploads: { name: string; type: string; head: string }[] }).__uploads);
    expect(uploads.at(-1)?.name).toMatch(/^audio-record-site-\d+\.ogg$/);
    expect(uploads.at(-1)?.type).toBe("audio/ogg");
    expect(uploads.at(-1)?.head.startsWith("OggS")).toBe(true);
    expect(uploads.at(-1)?.head.includes("OpusHead")).toBe(true);

    const player = page.getByTestId("voice-player").last();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="voice-player"][data-decoded="wav"]').length > 0);
    await player.getByTestId("voice-play").click();
    await page.waitForFunction(() => {
      const a = [...document.querySelectorAll<HTMLAudioElement>('[data-testid="message-audio"]')].pop();
      return !!a && a.currentTime > 0.3;
    });
    await context.close();
  }, 90_000);

  test.skipIf(!firefoxPath())(
    "Firefox: recorded as Ogg/Opus, arrives as a voice note on the sandbox phone and through Baileys",
    async () => {
      const ff = await launchFirefox();
      try {
        await ff.navigate(`${server.url}/login`);
        // sign in through the API from the page (sets the refresh cookie), then load the ticket
        const logged = await ff.evaluate<boolean>(`(async () => {
        const r = await fetch("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, credentials: "include", body: JSON.stringify({ email: ${JSON.stringify(SUPER_EMAIL)}, password: ${JSON.stringify(SUPER_PASSWORD)} }) });
        const j = await r.json(); localStorage.setItem("token", j.token); return r.ok;
      })()`);
        expect(logged).toBe(true);
        token = await ff.evaluate<string>(`localStorage.getItem("token")`);
        expect(await ff.evaluate<string>(`MediaRecorder.isTypeSupported("audio/ogg;codecs=opus") ? "ogg" : "no"`)).toBe("ogg");
        const record = async (uuid: string, count: () => Promise<number>) => {
          const before = await count();
          await ff.navigate(`${server.url}/tickets/${uuid}`);
          const clicked = await ff.evaluate<boolean>(`(async () => {
          const wait = (f) => new Promise((res, rej) => { const end = Date.now() + 15000; const tick = () => { const v = f(); if (v) res(v); else if (Date.now() > end) rej(new Error("timeout")); else setTimeout(tick, 100); }; tick(); });
          (await wait(() => document.querySelector('[data-testid="record"]'))).click();
          await wait(() => document.querySelector('[data-testid="recording"]'));
          await new Promise((r) => setTimeout(r, 2500));
          (await wait(() => document.querySelector('[aria-label="Enviar áudio"]'))).click();
          return true;
        })()`);
          expect(clicked).toBe(true);
          await until(async () => (await count()) > before, "the Firefox voice note");
        };
        const onPhone = (await sandboxNotes()).length;
        await record(tickets.sandbox.uuid, async () => (await sandboxNotes()).length);
        await expectSandboxVoiceNote(onPhone);
        const onWhatsApp = peerNotes().length;
        await record(tickets.whatsapp.uuid, async () => peerNotes().length);
        await expectWhatsAppVoiceNote(onWhatsApp);
      } finally {
        await ff.close();
      }
    },
    120_000,
  );
});
