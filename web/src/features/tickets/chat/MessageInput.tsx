import { LIMITS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type Message, sendMedia, sendText } from "../../../api/messages";
import { listQuickMessages, type QuickMessage } from "../../../api/tickets";
import { IconButton } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { load, save } from "../../../lib/storage";
import { user } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { putMessage } from "../../../stores/tickets";
import { isMobile } from "../../../stores/ui";
import { AttachmentPreview } from "./AttachmentPreview";
import { AudioRecorder } from "./AudioRecorder";
import { EmojiPicker } from "./EmojiPicker";
import { hintsFor, overLimit } from "./media-hints";
import { QuickAnswers } from "./QuickAnswers";
import { useChatWindow, WindowBar } from "./WindowBar";

const LINE_PX = 22;
const put = (res: Message | Message[]) => (Array.isArray(res) ? res : [res]).forEach(putMessage);

/** The message composer: text, sign option, quick answers, emoji, attachments, audio and reply bar. */
export function MessageInput({
  ticketId,
  connectionId,
  contactName,
  disabled: readOnly,
  replyTo,
  onCancelReply,
}: {
  ticketId: number;
  connectionId: number | null;
  contactName: string;
  disabled?: boolean;
  replyTo: Message | null;
  onCancelReply: () => void;
}) {
  useSignals();
  const t = useT();
  // Outside a Cloud API customer's 24-hour window only a template may go: free text is off.
  const { closed } = useChatWindow();
  const disabled = readOnly || closed;
  const me = user.value;
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [recording, setRecording] = useState(false);
  const [sign, setSign] = useState(load("signOption") !== "false");
  const [answers, setAnswers] = useState<QuickMessage[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (me) listQuickMessages(me.companyId, me.id).then(setAnswers, () => setAnswers([]));
  }, [me?.id]);
  useEffect(() => {
    setText("");
    setFiles([]);
  }, [ticketId]);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, LINE_PX * LIMITS.inputMaxRows + 16)}px`;
  }, [text]);

  const toggleSign = () => {
    save("signOption", String(!sign));
    setSign(!sign);
  };

  const submit = async () => {
    if (busy || disabled) return;
    const body = text.trim();
    if ((!files.length && !body) || files.some(overLimit)) return;
    setBusy(true);
    try {
      if (files.length) put(await sendMedia(ticketId, files, body, replyTo?.id, await hintsFor(files)));
      else put(await sendText(ticketId, sign && me ? `*${me.name}*:\n${body}` : body, replyTo?.id));
      setText("");
      setFiles([]);
      onCancelReply();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
      area.current?.focus();
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onPaste = (e: ClipboardEvent) => {
    const pasted = [...e.clipboardData.files];
    if (pasted.length) {
      e.preventDefault();
      setFiles((f) => [...f, ...pasted]);
    }
  };

  const insert = (s: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    setText(text.slice(0, at) + s + text.slice(el?.selectionEnd ?? at));
    requestAnimationFrame(() => el?.setSelectionRange(at + s.length, at + s.length));
  };

  // A picked quick answer fills the input and leaves the caret at its end, ready to go on typing.
  const pickAnswer = (message: string) => {
    setText(message);
    requestAnimationFrame(() => {
      const el = area.current;
      el?.focus();
      el?.setSelectionRange(message.length, message.length);
    });
  };

  const sendAudio = async (file: File) => put(await sendMedia(ticketId, [file], "", replyTo?.id));
  const canSend = (!!text.trim() || files.length > 0) && !files.some(overLimit);

  return (
    <div className="relative shrink-0 border-t border-line bg-surface">
      <WindowBar ticketId={ticketId} connectionId={connectionId} contactName={contactName} disabled={readOnly} onSent={putMessage} />
      {replyTo && (
        <div className="flex items-center gap-3 border-b border-line px-4 py-2" data-testid="reply-bar">
          <Icon name="reply" className="size-4 shrink-0 text-brand-600" />
          <div className="min-w-0 flex-1 border-l-4 border-brand-500 pl-2.5">
            <p className="text-xs font-semibold text-brand-700 dark:text-brand-300">{replyTo.fromMe ? t("chat.you") : t("chat.contact")}</p>
            <p className="truncate text-sm text-muted">{replyTo.body || t("chat.media.file")}</p>
          </div>
          <IconButton icon="close" label={t("chat.cancelReply")} onClick={onCancelReply} />
        </div>
      )}
      <AttachmentPreview files={files} onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))} onClear={() => setFiles([])} />
      <QuickAnswers input={text} answers={answers} onPick={pickAnswer} />
      <div className="flex items-end gap-1 px-2 py-2 sm:px-3">
        {!recording && (
          <>
            {!disabled && <EmojiPicker onPick={insert} />}
            {!closed && <IconButton icon="paperclip" label={t("chat.attach")} onClick={() => fileInput.current?.click()} disabled={disabled} />}
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="file-input"
              onChange={(e) => setFiles((f) => [...f, ...(e.target.files ? [...e.target.files] : [])])}
            />
          </>
        )}
        {!recording && (
          <div className="flex min-w-0 flex-1 flex-col">
            <textarea
              ref={area}
              rows={1}
              value={text}
              disabled={disabled}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKey}
              onPaste={onPaste}
              placeholder={t(readOnly ? "chat.readOnly" : closed ? "chat.window.placeholder" : files.length ? "chat.captionPlaceholder" : "chat.placeholder")}
              aria-label={t("chat.placeholder")}
              data-testid="message-input"
              className="block max-h-[126px] w-full resize-none rounded-xl border border-line bg-canvas px-3.5 py-2 text-[14.5px] leading-[22px] text-ink placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none disabled:opacity-60"
            />
          </div>
        )}
        {!recording && !isMobile.value && (
          <label
            className="mb-2 flex shrink-0 cursor-pointer items-center gap-1.5 px-1.5 text-xs font-medium text-muted select-none"
            title={t("chat.signHint")}
          >
            <input type="checkbox" checked={sign} onChange={toggleSign} className="size-3.5 accent-brand-600" data-testid="sign-option" />
            {t("chat.sign")}
          </label>
        )}
        {canSend && !recording ? (
          <button
            type="button"
            onClick={() => void submit()}
            disabled={busy || disabled}
            aria-label={t("chat.send")}
            title={t("chat.send")}
            data-testid="send"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:opacity-60 dark:bg-brand-500 dark:text-brand-950"
          >
            {busy ? <Spinner className="size-4" /> : <Icon name="send" className="size-4.5" />}
          </button>
        ) : disabled ? null : (
          <div className={recording ? "flex flex-1 justify-end" : ""}>
            <AudioRecorder onRecorded={sendAudio} onPhase={setRecording} />
          </div>
        )}
      </div>
    </div>
  );
}
