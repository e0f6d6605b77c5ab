/**
 * Outgoing → Baileys message content (pure, apart from the optional audio conversion).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from "baileys";
import type { Outgoing } from "../types";
import { fromRaw } from "./mapping";

/** Mimetype used for a voice note whose audio could not be converted to Ogg/Opus. */
export const FALLBACK_PTT_MIME = "audio/mpeg";
export const OPUS_MIME = "audio/ogg; codecs=opus";

/** Converts audio to mono Ogg/Opus; null when ffmpeg is absent or fails. Caller removes `dir`. */
export type AudioConverter = (path: string) => Promise<{ path: string; cleanup(): Promise<void> } | null>;

/** Uses ffmpeg when installed (voice notes must be Ogg/Opus to play everywhere). */
export const ffmpegConverter: AudioConverter = async (path) => {
  const bin = Bun.which("ffmpeg");
  if (!bin) return null;
  const dir = await mkdtemp(join(tmpdir(), "balcao-ptt-"));
  const out = join(dir, "voice.ogg");
  const ok = await new Promise<boolean>((resolve) => {
    const p = spawn(bin, ["-y", "-i", path, "-c:a", "libopus", "-ac", "1", "-avoid_negative_ts", "make_zero", out], {
      stdio: "ignore",
    });
    p.on("error", () => resolve(false));
    p.on("close", (code) => resolve(code === 0));
  });
  const cleanup = () => rm(dir, { recursive: true, force: true });
  if (!ok) {
    await cleanup();
    return null;
  }
  return { path: out, cleanup };
};

/** The quoted message Baileys needs: the stored raw WAMessage, or a minimal text stand-in. */
export function quotedMessage(q: NonNullable<Outgoing["quoted"]>, to: string): WAMessage {
  if (q.raw) {
    const m = fromRaw<WAMessage>(q.raw);
    if (m?.key?.id) return m;
  }
  return { key: { remoteJid: to, fromMe: q.fromMe, id: q.id }, message: { conversation: q.body ?? "" } };
}

/** Send options: our reserved id and the quote. */
export function sendOptions(msg: Outgoing): MiscMessageGenerationOptions {
  const opts: MiscMessageGenerationOptions = {};
  if (msg.id) opts.messageId = msg.id;
  if (msg.quoted) opts.quoted = quotedMessage(msg.quoted, msg.to);
  return opts;
}

/**
 * Builds the content. Audio with `ptt` becomes a voice note: Ogg/Opus when a converter produced it
 * (or the file already is Ogg/Opus), otherwise sent as `audio/mpeg` with ptt (no ffmpeg here).
 */
export function buildContent(msg: Outgoing, convertedAudioPath?: string | null): AnyMessageContent {
  switch (msg.type) {
    case "text":
      return { text: msg.body };
    case "location":
      return {
        location: {
          degreesLatitude: msg.latitude,
          degreesLongitude: msg.longitude,
          name: msg.name,
          address: msg.address,
        },
      };
    case "contact":
      return { contacts: { displayName: msg.displayName, contacts: [{ displayName: msg.displayName, vcard: msg.vcard }] } };
    case "media": {
      const major = msg.mimetype.split("/")[0];
      const caption = msg.caption || undefined;
      if (major === "image" && msg.mimetype !== "image/webp") {
        return { image: { url: msg.path }, caption, mimetype: msg.mimetype };
      }
      if (msg.mimetype === "image/webp") return { sticker: { url: msg.path }, mimetype: msg.mimetype };
      if (major === "video") return { video: { url: msg.path }, caption, mimetype: msg.mimetype };
      if (major === "audio") {
        if (!msg.ptt) return { audio: { url: msg.path }, mimetype: msg.mimetype, ptt: false };
        if (convertedAudioPath) return { audio: { url: convertedAudioPath }, mimetype: OPUS_MIME, ptt: true };
        if (/ogg/.test(msg.mimetype)) return { audio: { url: msg.path }, mimetype: OPUS_MIME, ptt: true };
        return { audio: { url: msg.path }, mimetype: FALLBACK_PTT_MIME, ptt: true };
      }
      return { document: { url: msg.path }, mimetype: msg.mimetype, fileName: msg.fileName, caption };
    }
  }
}

/** True when the outgoing message is a voice note that should go through the converter. */
export function needsConversion(msg: Outgoing): boolean {
  return msg.type === "media" && !!msg.ptt && msg.mimetype.startsWith("audio/") && !/ogg/.test(msg.mimetype);
}
