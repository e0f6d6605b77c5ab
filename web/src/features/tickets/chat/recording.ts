import { LIMITS } from "@contract/limits";

const KBPS = 128;
const BLOCK = 1152;

/** Mixes a decoded recording down to one 16-bit channel. */
function mono16(buf: AudioBuffer): Int16Array {
  const out = new Int16Array(buf.length);
  const chans = Array.from({ length: buf.numberOfChannels }, (_, c) => buf.getChannelData(c));
  for (let i = 0; i < buf.length; i++) {
    let s = 0;
    for (const ch of chans) s += ch[i];
    s = Math.max(-1, Math.min(1, s / chans.length));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/**
 * Re-encodes whatever the browser recorded (webm/opus in Chromium, ogg in Firefox, mp4 in Safari) as
 * MP3 at 128 kbps (core.md §4.5). The encoder (@breezystack/lamejs, LGPL) loads only when needed.
 */
async function toMp3(recorded: Blob): Promise<Blob> {
  const [{ Mp3Encoder }, decoded] = await Promise.all([
    import("@breezystack/lamejs"),
    (async () => {
      const ctx = new AudioContext();
      try {
        return await ctx.decodeAudioData(await recorded.arrayBuffer());
      } finally {
        void ctx.close();
      }
    })(),
  ]);
  const pcm = mono16(decoded);
  const enc = new Mp3Encoder(1, decoded.sampleRate, KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += BLOCK) {
    const chunk = enc.encodeBuffer(pcm.subarray(i, i + BLOCK));
    if (chunk.length) parts.push(chunk);
  }
  const tail = enc.flush();
  if (tail.length) parts.push(tail);
  return new Blob(parts as BlobPart[], { type: "audio/mpeg" });
}

/**
 * Turns the recorded chunks into the MP3 file to upload, named with "audio-record-site". Returns
 * null for recordings under 10,000 bytes (core.md §5: discarded).
 */
export async function finishRecording(chunks: Blob[]): Promise<File | null> {
  const recorded = new Blob(chunks, { type: chunks[0]?.type || "audio/webm" });
  if (recorded.size === 0) return null;
  const mp3 = await toMp3(recorded);
  if (mp3.size < LIMITS.audioMinBytes) return null;
  return new File([mp3], `audio-record-site-${Date.now()}.mp3`, { type: "audio/mpeg" });
}
