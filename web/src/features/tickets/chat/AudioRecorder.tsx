import { useEffect, useRef, useState } from "react";
import { IconButton } from "../../../components/Button";
import { useT } from "../../../i18n";
import { toast, toastError } from "../../../stores/toast";
import { finishRecording, recorderOptions } from "./recording";

type Phase = "idle" | "recording" | "sending";

/**
 * Audio recording (R-MSG-9): idle → recording → sent or cancelled. The note is recorded as
 * Opus where the browser can (Chromium, Firefox) and encoded to Opus in the page elsewhere (Safari).
 */
export function AudioRecorder({ onRecorded, onPhase }: { onRecorded: (file: File) => Promise<void>; onPhase: (recording: boolean) => void }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>("idle");
  const [seconds, setSeconds] = useState(0);
  const rec = useRef<{ recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; cancelled: boolean; startedAt: number } | null>(null);

  useEffect(() => onPhase(phase !== "idle"), [phase]);
  useEffect(() => {
    if (phase !== "recording") return;
    setSeconds(0);
    const id = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(id);
  }, [phase]);
  useEffect(
    () => () => {
      for (const tr of rec.current?.stream.getTracks() ?? []) tr.stop();
    },
    [],
  );

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
      const recorder = new MediaRecorder(stream, recorderOptions());
      const state = { recorder, stream, chunks: [] as Blob[], cancelled: false, startedAt: Date.now() };
      recorder.ondataavailable = (e) => e.data.size && state.chunks.push(e.data);
      recorder.onstop = async () => {
        for (const tr of stream.getTracks()) tr.stop();
        if (state.cancelled) return setPhase("idle");
        setPhase("sending");
        try {
          const file = await finishRecording(state.chunks, recorder.mimeType, (Date.now() - state.startedAt) / 1000);
          if (file) await onRecorded(file);
          else toast("warning", t("chat.audioTooShort"));
        } catch (err) {
          toastError(err);
        } finally {
          setPhase("idle");
        }
      };
      rec.current = state;
      recorder.start();
      setPhase("recording");
    } catch {
      toast("error", t("chat.micDenied"));
    }
  };

  const stop = (cancel: boolean) => {
    const r = rec.current;
    if (!r) return;
    r.cancelled = cancel;
    r.recorder.stop();
  };

  if (phase === "idle") return <IconButton icon="mic" label={t("chat.record")} onClick={start} data-testid="record" />;
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return (
    <div className="flex items-center gap-1" data-testid="recording">
      <IconButton icon="close" label={t("chat.cancelRecording")} tone="danger" onClick={() => stop(true)} disabled={phase === "sending"} />
      <span className="flex items-center gap-2 px-2 text-sm font-medium tabular-nums text-red-600 dark:text-red-400">
        <span className="size-2 animate-pulse rounded-full bg-red-500" />
        {mm}:{ss}
      </span>
      <IconButton icon="send" label={t("chat.sendAudio")} onClick={() => stop(false)} disabled={phase === "sending"} className="text-brand-600" />
    </div>
  );
}
