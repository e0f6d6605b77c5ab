import { useEffect, useState } from "react";
import { apiBlob } from "../../api/client";
import type { SandboxMessage } from "../../api/sandbox";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { VoicePlayer } from "../tickets/chat/VoicePlayer";
import { Time } from "../../components/Time";
import { formatBody } from "../tickets/format";

/** A protected media file (fetched with the token) as an object URL. */
function useMediaUrl(url: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    let made: string | null = null;
    apiBlob(url)
      .then((b) => {
        made = URL.createObjectURL(b);
        if (live) setSrc(made);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src;
}

/** Ack ticks as the phone shows its own messages: 1 ✓, 2-3 ✓✓, 4+ blue ✓✓. */
function Ticks({ ack }: { ack: number }) {
  const t = useT();
  const label = t(`sandbox.ack.${Math.min(Math.max(ack, 1), 4)}`);
  if (ack <= 1) return <Icon name="check" className="size-3.5 text-subtle" label={label} />;
  return <Icon name="checkDouble" className={`size-4 ${ack >= 4 ? "text-sky-500" : "text-subtle"}`} label={label} />;
}

function Body({ m }: { m: SandboxMessage }) {
  const t = useT();
  const src = useMediaUrl(m.mediaUrl);
  if (m.isDeleted) return <p className="text-sm italic text-subtle">{t("sandbox.deleted")}</p>;
  // WhatsApp formatting (*bold*, _italic_, ~strike~, ```mono```, links) as the chat shows it.
  const caption = m.body && (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid="sandbox-text">
      {formatBody(m.body)}
    </p>
  );
  switch (m.type) {
    case "image":
      return (
        <>
          {src ? <img src={src} alt={m.mediaName ?? ""} className="max-h-64 rounded-lg" /> : <div className="h-32 w-48 animate-pulse rounded-lg bg-black/5" />}
          {caption}
        </>
      );
    case "audio":
      return (
        <>
          {m.ptt && <VoiceNoteFacts m={m} />}
          {m.mediaUrl ? <VoicePlayer url={m.mediaUrl} /> : <Icon name="mic" className="size-5" />}
        </>
      );
    case "sticker":
      return src ? <img src={src} alt={m.mediaName ?? ""} className="size-32 object-contain" data-testid="sandbox-sticker" /> : null;
    case "video":
      return (
        <>
          {src && (
            <video controls src={src} className="max-h-64 rounded-lg">
              <track kind="captions" />
            </video>
          )}
          {caption}
        </>
      );
    case "document":
      return (
        <>
          <a href={src ?? undefined} download={m.mediaName ?? "file"} className="flex items-center gap-2 rounded-lg bg-black/5 px-3 py-2 text-sm">
            <Icon name="file" className="size-5" />
            <span className="truncate">{m.mediaName ?? t("sandbox.file")}</span>
            {m.media?.pageCount ? <span className="shrink-0 text-xs text-slate-500">{t("sandbox.pages", { count: m.media.pageCount })}</span> : null}
          </a>
          {caption}
        </>
      );
    case "location":
      return (
        <a
          href={`https://maps.google.com/maps?q=${m.latitude}%2C${m.longitude}`}
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-2 text-sm underline"
        >
          <Icon name="mapPin" className="size-5" />
          {m.body || `${m.latitude}, ${m.longitude}`}
        </a>
      );
    case "contact": {
      const name = /^FN:(.*)$/m.exec(m.vcard ?? "")?.[1] ?? m.body;
      const tel = /^TEL[^:]*:(.*)$/m.exec(m.vcard ?? "")?.[1] ?? "";
      return (
        <div className="flex items-center gap-2 text-sm">
          <Icon name="contact" className="size-5" />
          <span>
            <strong className="block">{name}</strong>
            {tel}
          </span>
        </div>
      );
    }
    default:
      return caption || null;
  }
}

/** What the phone got with a voice note: the ptt mark, its duration and the waveform it draws. */
function VoiceNoteFacts({ m }: { m: SandboxMessage }) {
  const t = useT();
  const bars = m.media?.waveform ?? [];
  const secs = m.media?.seconds ?? 0;
  return (
    <div className="flex items-center gap-2 text-xs text-slate-600" data-testid="sandbox-voice-note" data-mimetype={m.mimetype ?? ""} data-bars={bars.length}>
      <Icon name="mic" className="size-4 shrink-0 text-emerald-600" label={t("sandbox.voiceNote")} />
      <span className="flex h-6 items-end gap-px" aria-hidden="true">
        {bars.map((b, i) => (
          <span key={i} className="w-0.5 rounded-full bg-emerald-600/70" style={{ height: `${Math.max(8, b)}%` }} />
        ))}
      </span>
      <span className="tabular-nums">{`${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`}</span>
    </div>
  );
}

/** One bubble on the simulated phone: the customer's own messages on the right, the company's on the left. */
export function SandboxBubble({ m }: { m: SandboxMessage }) {
  const t = useT();
  const mine = m.direction === "in";
  return (
    <div className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="sandbox-bubble" data-direction={m.direction} data-ack={m.ack}>
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-2 shadow-sm ${mine ? "rounded-br-sm bg-emerald-100 text-slate-900" : "rounded-bl-sm bg-white text-slate-900"}`}
      >
        <div className="flex flex-col gap-1">
          <Body m={m} />
        </div>
        <div className="mt-0.5 flex items-center justify-end gap-1 text-[10px] text-slate-500">
          {m.isEdited && <span>{t("sandbox.edited")}</span>}
          <Time at={m.createdAt} />
          <Ticks ack={m.ack} />
        </div>
      </div>
    </div>
  );
}
