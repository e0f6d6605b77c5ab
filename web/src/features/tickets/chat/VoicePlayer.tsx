import { useEffect, useRef, useState } from "react";
import { Icon } from "../../../components/Icon";
import { Spinner } from "../../../components/Spinner";
import { language, useT } from "../../../i18n";
import { useMediaBlob } from "./useMediaBlob";

const RATES = [1, 1.5, 2] as const;
/** The speed last chosen, kept for the next note (as phones do). */
let lastRate: number = 1;

const clock = (s: number) => {
  const n = Number.isFinite(s) && s > 0 ? Math.floor(s) : 0;
  return `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`;
};

/**
 * A voice note or audio file: play/pause, seek, elapsed/total time and the 1× / 1.5× / 2× speeds.
 * Ogg/Opus is decoded in the page where the browser cannot play it (Safari).
 */
export function VoicePlayer({ url }: { url: string }) {
  const t = useT();
  const { src, failed, decoded } = useMediaBlob(url, { playable: true });
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(lastRate);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, src]);

  if (failed) return <span className="text-xs text-muted">{t("chat.mediaFailed")}</span>;
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };
  const pickRate = (r: number) => {
    lastRate = r;
    setRate(r);
  };
  const fmt = new Intl.NumberFormat(language.value);
  return (
    <div className="flex w-64 max-w-full flex-col gap-1" data-testid="voice-player" data-decoded={decoded ? "wav" : "no"} data-rate={rate}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={toggle}
          disabled={!src}
          aria-label={t(playing ? "chat.pause" : "chat.play")}
          data-testid="voice-play"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white disabled:opacity-60 dark:bg-brand-500 dark:text-brand-950"
        >
          {!src ? <Spinner className="size-4" /> : <Icon name={playing ? "pause" : "play"} className="size-4" />}
        </button>
        <input
          type="range"
          min={0}
          max={duration || 1}
          step={0.05}
          value={Math.min(at, duration || 1)}
          disabled={!src}
          onChange={(e) => {
            if (audio.current) audio.current.currentTime = Number(e.target.value);
          }}
          aria-label={t("chat.seek")}
          className="h-1 min-w-0 flex-1 cursor-pointer accent-brand-600"
        />
      </div>
      <div className="flex items-center justify-between gap-2 pl-11 text-[11px] text-muted">
        <span className="tabular-nums" data-testid="voice-time">
          {clock(at)} / {clock(duration)}
        </span>
        <div className="flex rounded-full bg-black/5 p-0.5 dark:bg-white/10" role="group" aria-label={t("chat.speed")}>
          {RATES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={rate === r}
              onClick={() => pickRate(r)}
              data-testid={`voice-speed-${r}`}
              className={`rounded-full px-1.5 py-0.5 text-[11px] leading-none font-semibold tabular-nums ${rate === r ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950" : "hover:bg-black/5 dark:hover:bg-white/10"}`}
            >
              {fmt.format(r)}×
            </button>
          ))}
        </div>
      </div>
      {src && (
        // biome-ignore lint/a11y/useMediaCaption: voice notes have no captions; the controls above are the accessible ones
        <audio
          ref={audio}
          src={src}
          preload="metadata"
          className="hidden"
          data-testid="message-audio"
          onLoadedMetadata={(e) => {
            e.currentTarget.playbackRate = rate;
            setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0);
          }}
          onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
          onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={(e) => {
            setPlaying(false);
            e.currentTarget.currentTime = 0;
            setAt(0);
          }}
        />
      )}
    </div>
  );
}
