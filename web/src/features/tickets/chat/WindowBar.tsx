import type { TemplateChoice } from "@contract/templates";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { type Message, sendTemplate } from "../../../api/messages";
import { Button } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { Modal } from "../../../components/Modal";
import { useT } from "../../../i18n";
import { useSubmit } from "../../../lib/useSubmit";
import { formatDateTime } from "../../../lib/format";
import { chatWindow } from "../../../stores/tickets";
import { TemplateChoiceFields, useTemplates } from "../../connections/TemplateChoice";

/**
 * The open ticket's 24-hour window (Cloud API): whether free text may go now. Re-renders when the
 * window closes while the chat is open.
 */
export function useChatWindow() {
  useSignals();
  const w = chatWindow.value;
  const [now, setNow] = useState(Date.now());
  const closesAt = w?.closesAt ? Date.parse(w.closesAt) : null;
  useEffect(() => {
    if (closesAt === null || closesAt <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(closesAt - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [closesAt]);
  const closed = !!w && (closesAt === null || closesAt <= now);
  return { window: w, closed, closesAt };
}

/** Sends one of the connection's templates to the open ticket. */
function TemplateModal({
  open,
  onClose,
  ticketId,
  connectionId,
  contactName,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  ticketId: number;
  connectionId: number;
  contactName: string;
  onSent: (m: Message) => void;
}) {
  const t = useT();
  const templates = useTemplates(open ? connectionId : null);
  const [choice, setChoice] = useState<TemplateChoice | null>(null);
  const { busy, errors, setErrors, run } = useSubmit();
  useEffect(() => {
    if (open) {
      setChoice(null);
      setErrors({});
    }
  }, [open]);
  const send = async () => {
    if (!choice) return setErrors({ template: "validation.required" });
    if (await run(async () => onSent(await sendTemplate(ticketId, choice)))) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("templates.sendTitle")}
      actions={
        <Button icon="send" loading={busy} onClick={() => void send()} data-testid="template-send">
          {t("templates.send")}
        </Button>
      }
    >
      <TemplateChoiceFields templates={templates} value={choice} onValue={setChoice} errors={errors} contactName={contactName} />
    </Modal>
  );
}

/**
 * Above the composer of a Cloud API ticket: outside the 24-hour window, "window closed — send a
 * template" and the template picker (free text is disabled); inside it, until when it stays open.
 */
export function WindowBar({
  ticketId,
  connectionId,
  contactName,
  disabled,
  onSent,
}: {
  ticketId: number;
  connectionId: number | null;
  contactName: string;
  disabled?: boolean;
  onSent: (m: Message) => void;
}) {
  const t = useT();
  const { window: w, closed, closesAt } = useChatWindow();
  const [picking, setPicking] = useState(false);
  if (!w || !connectionId) return null;
  const until = closesAt ? formatDateTime(closesAt) : "";
  if (!closed) {
    return (
      <p className="flex items-center gap-1.5 border-b border-line px-4 py-1.5 text-[11px] text-muted" data-testid="window-open">
        <Icon name="clock" className="size-3.5" />
        {t("chat.window.openUntil", { when: until })}
      </p>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 dark:border-amber-500/30 dark:bg-amber-500/10"
      role="status"
      data-testid="window-closed"
    >
      <Icon name="clock" className="size-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <p className="min-w-0 flex-1 text-sm text-amber-900 dark:text-amber-100">
        <span className="font-semibold">{t("chat.window.closed")}</span> {t("chat.window.closedHint")}
      </p>
      {!disabled && (
        <Button size="sm" icon="send" onClick={() => setPicking(true)} data-testid="template-open">
          {t("templates.sendTitle")}
        </Button>
      )}
      <TemplateModal
        open={picking}
        onClose={() => setPicking(false)}
        ticketId={ticketId}
        connectionId={connectionId}
        contactName={contactName}
        onSent={onSent}
      />
    </div>
  );
}
