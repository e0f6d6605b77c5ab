/** YouTube help videos, shared by the help form's validation and the SPA's player. */

/** The only host the help player frames: YouTube's privacy-enhanced (no cookies until play) embed. */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_LINK = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/;

/** The 11-character id of a video given as an id or a watch / youtu.be / embed / shorts link; "" when none. */
export function youtubeId(value: string): string {
  const s = value.trim();
  if (VIDEO_ID.test(s)) return s;
  return VIDEO_LINK.exec(s)?.[1] ?? "";
}

/** The privacy-enhanced embed address of a video (any form youtubeId reads); null when it names none. */
export function youtubeEmbedUrl(value: string): string | null {
  const id = youtubeId(value);
  return id ? `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?autoplay=1&rel=0` : null;
}
