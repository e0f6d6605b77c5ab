/**
 * Ogg/Opus → WAV in the page, for browsers that cannot play Ogg (Safari). The Ogg pages are read
 * here; the Opus packets are decoded by opus-decoder (libopus, WebAssembly, npm). Voice quality:
 * mono, 16 kHz, 16-bit (a minute is ~1.9 MB).
 */
import { OpusDecoder, OpusDecoderWebWorker } from "opus-decoder";

// Referenced so the bundler keeps the class opus-decoder's index names at load (Bun drops it otherwise: "OpusDecoderWebWorker is not defined").
export const decoderClasses = [OpusDecoder, OpusDecoderWebWorker];

const OUT_RATE = 16_000;

/** The packets of the first logical stream of an Ogg file (header packets included). */
function oggPackets(b: Uint8Array): Uint8Array[] {
  const packets: Uint8Array[] = [];
  let partial: Uint8Array[] = [];
  let at = 0;
  while (at + 27 <= b.length) {
    if (b[at] !== 0x4f || b[at + 1] !== 0x67 || b[at + 2] !== 0x67 || b[at + 3] !== 0x53) throw new Error("not an Ogg file");
    const segments = b[at + 26];
    const table = b.subarray(at + 27, at + 27 + segments);
    let data = at + 27 + segments;
    for (const lace of table) {
      partial.push(b.subarray(data, data + lace));
      data += lace;
      if (lace < 255) {
        const size = partial.reduce((n, p) => n + p.length, 0);
        const packet = new Uint8Array(size);
        let o = 0;
        for (const p of partial) {
          packet.set(p, o);
          o += p.length;
        }
        packets.push(packet);
        partial = [];
      }
    }
    at = data;
  }
  return packets;
}

function wav(samples: Int16Array, rate: number): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const text = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) header.setUint8(o + i, s.charCodeAt(i));
  };
  text(0, "RIFF");
  header.setUint32(4, 36 + samples.byteLength, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, rate, true);
  header.setUint32(28, rate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, "data");
  header.setUint32(40, samples.byteLength, true);
  return new Blob([header.buffer, samples.buffer as ArrayBuffer], { type: "audio/wav" });
}

/** Decodes an Ogg/Opus blob to a WAV blob any browser plays. */
export async function oggToWav(ogg: Blob): Promise<Blob> {
  const packets = oggPackets(new Uint8Array(await ogg.arrayBuffer()));
  const head = packets[0];
  if (!head || new TextDecoder().decode(head.subarray(0, 8)) !== "OpusHead") throw new Error("not Opus");
  const channels = Math.min(2, head[9] || 1) as 1 | 2;
  const preSkip = head[10] | (head[11] << 8);
  const decoder = new OpusDecoder({ channels, preSkip });
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decodeFrames(packets.slice(2));
    const step = sampleRate / OUT_RATE;
    const out = new Int16Array(Math.floor(samplesDecoded / step));
    for (let i = 0; i < out.length; i++) {
      // average the source samples this output sample covers (a simple low-pass before decimating)
      let sum = 0;
      let n = 0;
      for (let j = Math.floor(i * step); j < Math.floor((i + 1) * step); j++, n++) for (const ch of channelData) sum += ch[j] / channelData.length;
      const s = Math.max(-1, Math.min(1, n ? sum / n : 0));
      out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
    }
    return wav(out, OUT_RATE);
  } finally {
    decoder.free();
  }
}
