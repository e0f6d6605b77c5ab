import { useEffect, useState } from "react";
import { fetchMedia } from "../../../api/messages";

/** Object URL of a protected media file, fetched with the bearer token; revoked on unmount. */
export function useMediaBlob(url: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url) return;
    let alive = true;
    let made: string | null = null;
    setFailed(false);
    fetchMedia(url)
      .then((blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return { src, failed };
}
