/**
 * Voice notes as WhatsApp sends them: Ogg/Opus. Browsers record Opus in WebM (Chromium) or Ogg
 * (Firefox); the packets are copied into a fresh Ogg stream (mediabunny, pure TypeScript: no ffmpeg,
 * no re-encoding). Duration and the 64-sample waveform phones draw come from the Ogg itself
 * (opus-decoder, WebAssembly). mediabunny is imported on first use (~25 ms that a cold start does not need).
 */
import type { Input, InputAudioTrack } from "mediabunny";
import { OpusDecoder, OpusDecoderWebWorker } from "opus-decoder";

// Referenced so Bun's bundler keeps the class opus-decoder's index names at load (the single binary
// otherwise fails with a ReferenceError; same as web/src/features/tickets/chat/ogg-decode.ts).
export const decoderClasses = [OpusDecoder, OpusDecoderWebWorker];

/** WhatsApp draws a voice note with 64 bars. */
const WAVEFORM_BARS = 64;
/** Longer notes get a waveform from packet sizes instead of a full decode (bounded CPU). */
const DECODE_MAX_SECONDS = 20 * 60;

export interface VoiceNote {
  ogg: Uint8Array<ArrayBuffer>;
  seconds: number;
}

async function opusTrack(input: Input): Promise<InputAudioTrack | null> {
  const format = await input.getFormat().catch(() => null);
  if (!format || !["WebM", "Matroska", "Ogg"].includes(format.name)) return null;
  const track = await input.getPrimaryAudioTrack();
  return track?.codec === "opus" ? track : null;
}

/**
 * WebM/Opus or Ogg/Opus bytes → a clean Ogg/Opus file (packets copied). Null when the bytes are not
 * Opus audio in one of those containers (the caller answers ERR_UPLOAD_TYPE).
 */
export async function toOggOpus(bytes: Uint8Array): Promise<VoiceNote | null> {
  const { ALL_FORMATS, BufferSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await import("mediabunny");
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const track = await opusTrack(input);
    if (!track) return null;
    const output = new Output({ format: new OggOutputFormat(), target: new BufferTarget() });
    const conversion = await Conversion.init({ input, output, video: { discard: true } });
    if (!conversion.isValid) return null;
    await conversion.execute();
    const ogg = new Uint8Array(output.target.buffer ?? new ArrayBuffer(0));
    const seconds = await track.computeDuration();
    return ogg.length ? { ogg, seconds } : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/** Scales block averages to WhatsApp's 0-100 bars (the loudest bar is 100). */
function toBars(blocks: number[]): Uint8Array {
  const max = Math.max(...blocks, 0);
  return Uint8Array.from(blocks, (b) => (max > 0 ? Math.round((100 * b) / max) : 0));
}

/** Averages `values` into WAVEFORM_BARS blocks. */
function blocksOf(values: ArrayLike<number>): number[] {
  const size = Math.max(1, Math.floor(values.length / WAVEFORM_BARS));
  const out: number[] = [];
  for (let i = 0; i < WAVEFORM_BARS; i++) {
    let sum = 0;
    let n = 0;
    for (let j = i * size; j < Math.min(values.length, (i + 1) * size); j++, n++) sum += Math.abs(values[j]);
    out.push(n ? sum / n : 0);
  }
  return out;
}

/**
 * Duration (whole seconds, at least 1) and waveform of an Ogg/Opus voice note. The waveform is the
 * decoded loudness (first channel) in 64 blocks; null when the file cannot be read.
 */
export async function voiceFacts(ogg: Uint8Array): Promise<{ seconds: number; waveform: Uint8Array } | null> {
  const { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } = await import("mediabunny");
  const input = new Input({ source: new BufferSource(ogg), formats: ALL_FORMATS });
  try {
    const track = await opusTrack(input);
    if (!track) return null;
    const duration = await track.computeDuration();
    const seconds = Math.max(1, Math.round(duration));
    const sink = new EncodedPacketSink(track);
    if (duration > DECODE_MAX_SECONDS) {
      const sizes: number[] = [];
      for await (const p of sink.packets()) sizes.push(p.byteLength);
      return { seconds, waveform: toBars(blocksOf(sizes)) };
    }
    const decoder = new OpusDecoder({ channels: Math.min(2, track.numberOfChannels) as 1 | 2 });
    await decoder.ready;
    try {
      const chunks: Float32Array[] = [];
      let total = 0;
      for await (const p of sink.packets()) {
        const r = decoder.decodeFrame(p.data);
        if (r.samplesDecoded && r.channelData[0]) {
          chunks.push(r.channelData[0]);
          total += r.samplesDecoded;
        }
      }
      const pcm = new Float32Array(total);
      let at = 0;
      for (const c of chunks) {
        pcm.set(c.subarray(0, Math.min(c.length, total - at)), at);
        at += c.length;
      }
      return { seconds, waveform: toBars(blocksOf(pcm)) };
    } finally {
      decoder.free();
    }
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
