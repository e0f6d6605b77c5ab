/**
 * Facts about an outgoing file that make it look right on the phone before download: JPEG thumbnail
 * and dimensions (images: sharp, or where sharp cannot load — the single binary — a pure-JavaScript
 * thumbnailer in a Worker; videos: the frame the agent's browser captured), duration, voice-note
 * waveform, PDF page count, animated stickers. Every probe is best effort: a file that cannot be read
 * still goes out, with fewer facts.
 */
import { sendKindOf } from "../../contract/media";
import { log } from "../../lib/logger";
import type { MediaInfo } from "../../core/channel";
import { pdfPageCount } from "./pdf";
import { voiceFacts } from "./voice";

/** Longest side of a thumbnail, in pixels (a blurred preview; it travels inside the message). */
export const THUMB_PX = 96;
/** A client thumbnail larger than this is refused (base64 characters). */
export const HINT_THUMB_MAX_CHARS = 64 * 1024;

/** What the agent's browser measured of a video or image (it can decode video; the server cannot). */
export interface MediaHints {
  /** JPEG, base64 (re-encoded by the server before use). */
  thumbnail?: string;
  width?: number;
  height?: number;
  seconds?: number;
}

const hintsPath = (file: string) => `${file}.meta.json`;

type Sharp = typeof import("sharp").default;
let sharpLib: Promise<Sharp | null> | null = null;
/**
 * sharp (native libvips) when it loads; null where it cannot (the single binary cannot embed native
 * addons): JPEG, PNG and GIF images then go through thumbnailOffThread, other images (WebP) use the
 * thumbnail the agent's browser made, like videos.
 */
function loadSharp(): Promise<Sharp | null> {
  sharpLib ??= import("sharp").then(
    (m) => m.default,
    () => null,
  );
  return sharpLib;
}

/** The pure-JavaScript thumbnailer's time limit (a 12 MP photo takes 1-2 s). */
const JS_THUMB_MS = 15_000;

/** A thumbnail made by thumbnail-js.ts in a Worker (the server's thread stays free); throws when it cannot. */
export function thumbnailOffThread(input: string | Buffer): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./thumbnail-worker.ts", import.meta.url).href, { smol: true });
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error("thumbnail took too long"));
    }, JS_THUMB_MS);
    worker.onmessage = (e: MessageEvent<{ ok: boolean; jpeg: Uint8Array; width: number; height: number; error?: string }>) => {
      done();
      if (e.data.ok) resolve({ jpeg: e.data.jpeg, width: e.data.width, height: e.data.height });
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(`thumbnail worker failed: ${e.message}`));
    };
    worker.postMessage(typeof input === "string" ? { path: input, max: THUMB_PX } : { bytes: new Uint8Array(input), max: THUMB_PX });
  });
}

/** A small JPEG of an image (EXIF orientation applied), with the oriented size: sharp, else the JavaScript thumbnailer. */
async function thumbnailOf(input: string | Buffer) {
  const sharp = await loadSharp();
  if (!sharp) return thumbnailOffThread(input);
  const img = sharp(input, { failOn: "none", limitInputPixels: 100_000_000 }).rotate();
  const meta = await img.metadata();
  const size = meta.autoOrient ?? meta;
  const jpeg = await img.resize(THUMB_PX, THUMB_PX, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 60 }).toBuffer();
  return { jpeg: new Uint8Array(jpeg), width: size.width, height: size.height };
}

const dim = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 16_384 ? n : undefined);
const secs = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 86_400 ? Math.round(n) : undefined);

/**
 * A video's browser-measured facts as they are kept: bounded numbers, and the thumbnail decoded and re-encoded
 * here (sharp or the JavaScript thumbnailer), so only a real, small JPEG is ever stored.
 */
export async function cleanHints(hints: MediaHints): Promise<MediaHints> {
  const out: MediaHints = { width: dim(hints.width), height: dim(hints.height), seconds: secs(hints.seconds) };
  if (hints.thumbnail && hints.thumbnail.length <= HINT_THUMB_MAX_CHARS) {
    const raw = Buffer.from(hints.thumbnail, "base64");
    try {
      out.thumbnail = Buffer.from((await thumbnailOf(raw)).jpeg).toString("base64");
    } catch {
      // not an image: dropped
    }
  }
  return out;
}

/** Stores the facts beside a file on this machine (`<file>.meta.json`); the app keeps them in the file store (keepHints). */
export async function saveHints(file: string, hints: MediaHints): Promise<void> {
  await Bun.write(hintsPath(file), JSON.stringify(await cleanHints(hints)));
}

/** Parses stored facts; anything unreadable is no facts. */
export function parseHints(text: string | null | undefined): MediaHints {
  try {
    return text ? (JSON.parse(text) as MediaHints) : {};
  } catch {
    return {};
  }
}

async function readHints(file: string, given: MediaHints | undefined): Promise<MediaHints> {
  if (given) return given;
  const beside = Bun.file(hintsPath(file));
  return (await beside.exists()) ? parseHints(await beside.text()) : {};
}

async function containerFacts(file: string) {
  const { ALL_FORMATS, BlobSource, Input } = await import("mediabunny");
  const input = new Input({ source: new BlobSource(Bun.file(file)), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack().catch(() => null);
    const duration = await input.computeDuration().catch(() => 0);
    return { seconds: secs(duration), width: dim(video?.displayWidth), height: dim(video?.displayHeight) };
  } finally {
    input.dispose();
  }
}

/**
 * Probes one outgoing file on this machine (the file store's local copy). `ptt`: the audio is a voice note (waveform
 * wanted); `hints`: the facts the app kept in the file store (absent: read beside the file).
 */
export async function describeMedia(file: string, mimetype: string, opts: { ptt?: boolean; hints?: MediaHints } = {}): Promise<MediaInfo> {
  const kind = sendKindOf(mimetype);
  try {
    switch (kind) {
      case "image": {
        try {
          const t = await thumbnailOf(file);
          return { jpegThumbnail: t.jpeg, width: t.width, height: t.height };
        } catch (e) {
          // WebP without sharp, a damaged file: what the agent's browser measured, if anything.
          log.debug("server thumbnail unavailable", { err: String(e).slice(0, 200) });
        }
        const hints = await readHints(file, opts.hints);
        return {
          jpegThumbnail: hints.thumbnail ? new Uint8Array(Buffer.from(hints.thumbnail, "base64")) : undefined,
          width: dim(hints.width),
          height: dim(hints.height),
        };
      }
      case "sticker": {
        const sharp = await loadSharp();
        if (!sharp) return {};
        const meta = await sharp(file, { animated: true, failOn: "none" }).metadata();
        return { width: meta.width, height: meta.pageHeight ?? meta.height, animated: (meta.pages ?? 1) > 1 };
      }
      case "video": {
        const [facts, hints] = await Promise.all([containerFacts(file), readHints(file, opts.hints)]);
        return {
          jpegThumbnail: hints.thumbnail ? new Uint8Array(Buffer.from(hints.thumbnail, "base64")) : undefined,
          width: facts.width ?? dim(hints.width),
          height: facts.height ?? dim(hints.height),
          seconds: facts.seconds ?? secs(hints.seconds),
        };
      }
      case "audio": {
        if (opts.ptt) {
          const facts = await voiceFacts(new Uint8Array(await Bun.file(file).arrayBuffer()));
          if (facts) return facts;
        }
        return { seconds: (await containerFacts(file)).seconds };
      }
      case "document": {
        if (!/pdf/.test(mimetype) || Bun.file(file).size > 32 * 1024 * 1024) return {};
        const pages = pdfPageCount(new Uint8Array(await Bun.file(file).arrayBuffer()));
        return pages ? { pageCount: pages } : {};
      }
    }
  } catch (e) {
    log.warn("media probe failed", { kind, err: String(e).slice(0, 200) });
    return {};
  }
}
