import encoderWorkerUrl from "opus-recorder/dist/encoderWorker.min.js" with { type: "file" };

/** Samples handed to the encoder per message. */
const CHUNK = 4096;
/** opus-recorder's "voice" application (OPUS_APPLICATION_VOIP). */
const OPUS_VOIP = 2048;

/** Mixes a decoded recording down to one channel. */
function mono(buf: AudioBuffer): Float32Array {
  if (buf.numberOfChannels === 1) return buf.getChannelData(0);
  const out = new Float32Array(buf.length);
  for (let c = 0; c < buf.numberOfChannels; c++) {
    const ch = buf.getChannelData(c);
    for (let i = 0; i < buf.length; i++) out[i] += ch[i] / buf.numberOfChannels;
  }
  return out;
}

async function decode(recorded: Blob): Promise<AudioBuffer> {
  const ctx = new AudioContext();
  try {
    return await ctx.decodeAudioData(await recorded.arrayBuffer());
  } finally {
    void ctx.close();
  }
}

/**
 * Encodes a recording the browser cannot give as Opus (Safari's AAC/MP4) to an Ogg/Opus file, in a
 * worker running libopus compiled to WebAssembly (npm opus-recorder). Mono, 48 kHz, voice mode.
 */
export async function encodeOggOpus(recorded: Blob, bitRate: number): Promise<Blob> {
  const audio = await decode(recorded);
  const pcm = mono(audio);
  const worker = new Worker(encoderWorkerUrl);
  const pages: Uint8Array[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      worker.onerror = (e) => reject(new Error(e.message || "opus encoder failed"));
      worker.onmessage = ({ data }) => {
        if (data?.page) pages.push(data.page);
        else if (data?.message === "ready") {
          worker.postMessage({ command: "getHeaderPages" });
          for (let i = 0; i < pcm.length; i += CHUNK) worker.postMessage({ command: "encode", buffers: [pcm.slice(i, i + CHUNK)] });
          worker.postMessage({ command: "done" });
        } else if (data?.message === "done") resolve();
      };
      worker.postMessage({
        command: "init",
        originalSampleRate: audio.sampleRate,
        encoderSampleRate: 48_000,
        numberOfChannels: 1,
        encoderApplication: OPUS_VOIP,
        encoderBitRate: bitRate,
        encoderFrameSize: 20,
      });
    });
  } finally {
    worker.terminate();
  }
  return new Blob(pages as BlobPart[], { type: "audio/ogg" });
}
