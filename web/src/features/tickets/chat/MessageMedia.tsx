import type { Message } from "../../../api/messages";
import { Icon } from "../../../components/Icon";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { formatBody, parseLocation, parseVcard } from "../format";
import { useMediaBlob } from "./useMediaBlob";
import { VoicePlayer } from "./VoicePlayer";

function Loading({ failed }: { failed: boolean }) {
  const t = useT();
  return (
    <div className="flex h-40 w-64 max-w-full items-center justify-center rounded-lg bg-black/5 text-muted dark:bg-white/5">
      {failed ? <span className="text-xs">{t("chat.mediaFailed")}</span> : <Spinner />}
    </div>
  );
}

function Blob({ m }: { m: Message }) {
  const t = useT();
  const { src, failed } = useMediaBlob(m.mediaUrl);
  const name = m.mediaName || m.body || t("chat.file");
  if (m.mediaType === "image") {
    if (!src) return <Loading failed={failed} />;
    return (
      <a href={src} target="_blank" rel="noopener noreferrer" className="block">
        <img src={src} alt={name} className="max-h-72 w-auto max-w-full rounded-lg object-cover" data-testid="message-image" />
      </a>
    );
  }
  if (m.mediaType === "video")
    return src ? (
      <video controls src={src} className="max-h-72 max-w-full rounded-lg">
        <track kind="captions" />
      </video>
    ) : (
      <Loading failed={failed} />
    );
  return (
    <a
      href={src ?? undefined}
      download={name}
      className="flex w-64 max-w-full items-center gap-3 rounded-lg bg-black/5 px-3 py-2.5 hover:bg-black/10 dark:bg-white/5 dark:hover:bg-white/10"
      data-testid="message-file"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950">
        <Icon name="file" className="size-5" />
      </span>
      <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
      {src ? <Icon name="download" className="size-4 shrink-0 opacity-70" /> : <Spinner className="size-4" />}
    </a>
  );
}

function Location({ body }: { body: string }) {
  const t = useT();
  const loc = parseLocation(body);
  const safeLink = /^https:\/\//.test(loc.link) ? loc.link : undefined;
  return (
    <a
      href={safeLink}
      target="_blank"
      rel="noopener noreferrer"
      className="block w-64 max-w-full overflow-hidden rounded-lg bg-black/5 dark:bg-white/5"
      data-testid="message-location"
    >
      {loc.image.startsWith("data:image/") ? (
        <img src={loc.image.replace(/\s+/g, "")} alt="" className="h-32 w-full object-cover" />
      ) : (
        <span className="flex h-24 items-center justify-center text-brand-600">
          <Icon name="mapPin" className="size-8" />
        </span>
      )}
      <span className="flex items-center gap-2 px-3 py-2 text-sm">
        <Icon name="mapPin" className="size-4 shrink-0 text-brand-600" />
        <span className="truncate">{loc.description || t("chat.location")}</span>
      </span>
    </a>
  );
}

function ContactCard({ body }: { body: string }) {
  const t = useT();
  const card = parseVcard(body);
  return (
    <div className="flex w-64 max-w-full items-center gap-3 rounded-lg bg-black/5 px-3 py-2.5 dark:bg-white/5" data-testid="message-contact">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-200">
        <Icon name="user" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{card.name || t("chat.contactCard")}</span>
        <span className="block truncate text-xs opacity-70">{card.number}</span>
      </span>
    </div>
  );
}

/** The content of a message by type: media through blob URLs, location and contact cards, or text. */
export function MessageContent({ m }: { m: Message }) {
  const t = useT();
  if (m.isDeleted) {
    return (
      <span className="flex items-center gap-1.5 text-sm italic opacity-60" data-testid="message-deleted">
        <Icon name="ban" className="size-4" />
        {t("chat.deleted")}
      </span>
    );
  }
  if (m.mediaType === "locationMessage") return <Location body={m.body} />;
  if (m.mediaType === "contactMessage" || m.mediaType === "vcard") return <ContactCard body={m.body} />;
  const media = m.mediaUrl && ["image", "audio", "video", "application", "document"].includes(m.mediaType);
  const caption = m.body && m.body !== m.mediaName && !(m.mediaType === "audio" && m.body === "Áudio");
  return (
    <>
      {media && (m.mediaType === "audio" && m.mediaUrl ? <VoicePlayer url={m.mediaUrl} /> : <Blob m={m} />)}
      {(!media || caption) && (
        <span className={`block whitespace-pre-wrap break-words text-[14.5px] leading-snug ${media ? "mt-1.5" : ""}`}>{formatBody(m.body)}</span>
      )}
    </>
  );
}
