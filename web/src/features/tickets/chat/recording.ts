import { LIMITS } from "@contract/limits";

/** The upload whitelist takes mp3/ogg/m4a/wav but not webm, which is what Chromium records. */
const NATIVE = ["audio/ogg;codecs=opus", "audio/ogg", "audio/mp4"];
const TARGET_RATE = 16_000;

/** The first container the browser can record that the server also accepts, or null (→ WAV). */
export function nativeType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return NATIVE.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

function wav(samples: Float32Array, rate: number): Blob {
  const buf = new ArrayBuffer(44 + samples.length * 2);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + samples.length * 2, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    v.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return new Blob([buf], { type: "audio/wav" });
}

/** Decodes a recording (webm/opus) and re-encodes it as 16 kHz mono 16-bit WAV. */
async function toWav(blob: Blob): Promise<Blob> {
  const ctx = new AudioContext();
  try {
    const decoded = await ctx.decodeAudioData(await blob.arrayBuffer());
    const frames = Math.ceil(decoded.duration * TARGET_RATE);
    const off = new OfflineAudioContext(1, Math.max(1, frames), TARGET_RATE);
    const src = off.createBufferSource();
    src.buffer = decoded;
    src.connect(off.destination);
    src.start();
    const rendered = await off.startRendering();
    return wav(rendered.getChannelData(0), TARGET_RATE);
  } finally {
    void ctx.close();
  }
}

/**
 * Turns the recorded chunks into the file to upload, named with "audio-record-site". Returns null
 * for recordings under 10,000 bytes (core.md §5: discarded).
 */
export async function finishRecording(chunks: Blob[], type: string | null): Promise<File | null> {
  const raw = new Blob(chunks, { type: type ?? chunks[0]?.type ?? "audio/webm" });
  const out = type ? raw : await toWav(raw);
  if (out.size < LIMITS.audioMinBytes) return null;
  const ext = out.type.includes("wav") ? "wav" : out.type.includes("mp4") ? "m4a" : "ogg";
  const mime = ext === "wav" ? "audio/wav" : ext === "m4a" ? "audio/mp4" : "audio/ogg";
  return new File([out], `audio-record-site-${Date.now()}.${ext}`, { type: mime });
}
