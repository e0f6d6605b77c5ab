import { useEffect, useState } from "react";
import { fetchMedia } from "../../../api/messages";

/** True when this browser's <audio> plays Ogg/Opus itself (Safari does not). */
const playsOgg = () => document.createElement("audio").canPlayType("audio/ogg; codecs=opus") !== "";

/**
 * Object URL of a protected media file, fetched with the bearer token; revoked on unmount. With
 * `playable`, Ogg audio is decoded to WAV in the page when the browser cannot play Ogg (Safari);
 * `decoded` tells which happened.
 */
export function useMediaBlob(url: string | null, opts: { playable?: boolean } = {}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [decoded, setDecoded] = useState(false);
  useEffect(() => {
    if (!url) return;
    let alive = true;
    let made: string | null = null;
    setFailed(false);
    fetchMedia(url)
      .then(async (blob) => {
        const convert = opts.playable && /ogg|opus/.test(blob.type) && !playsOgg();
        // the decoder (WebAssembly) loads only in browsers that need it
        const out = convert ? await (await import("./ogg-decode")).oggToWav(blob) : blob;
        if (!alive) return;
        made = URL.createObjectURL(out);
        setDecoded(!!convert);
        setSrc(made);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, opts.playable]);
  return { src, failed, decoded };
}
