import { useRef } from "react";
import { openMedia } from "../../api/files";
import { deleteQueueMedia, type Queue, uploadQueueMedia } from "../../api/queues";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";
import { toastError } from "../../stores/toast";
import { BotPickers } from "./BotPickers";
import { ColorPicker } from "./ColorPicker";
import { OptionsTree } from "./OptionsTree";

export interface QueueDraft {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  integrationId: number | "";
  promptId: number | "";
}

const area =
  "block min-h-20 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** Queue data: name, colour, messages, order; once saved, the attachment and the options tree. */
export function QueueDataTab({
  form,
  onForm,
  errors,
  queue,
  onQueue,
}: {
  form: QueueDraft;
  onForm: (f: QueueDraft) => void;
  errors: FieldErrors;
  queue: Queue | null;
  onQueue: (q: Queue) => void;
}) {
  const t = useT();
  const file = useRef<HTMLInputElement>(null);
  const set = (key: keyof QueueDraft) => (value: string) => onForm({ ...form, [key]: value });
  const upload = async (f: File) => {
    try {
      onQueue(await uploadQueueMedia(queue!.id, f));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_6rem]">
        <TextInput label={t("queues.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
        <ColorPicker label={t("queues.color")} value={form.color} onValue={set("color")} error={errors.color} />
        <TextInput
          label={t("queues.order")}
          name="orderQueue"
          inputMode="numeric"
          value={form.orderQueue}
          onValue={set("orderQueue")}
          error={errors.orderQueue}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t("queues.greeting")}
          <textarea name="greetingMessage" value={form.greetingMessage} onChange={(e) => set("greetingMessage")(e.target.value)} className={area} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t("queues.outOfHours")}
          <textarea name="outOfHoursMessage" value={form.outOfHoursMessage} onChange={(e) => set("outOfHoursMessage")(e.target.value)} className={area} />
        </label>
      </div>
      <BotPickers integrationId={form.integrationId} promptId={form.promptId} onChange={(v) => onForm({ ...form, ...v })} />
      {queue ? (
        <>
          <div className="flex items-center gap-2 text-sm">
            <input ref={file} type="file" className="hidden" data-testid="queue-file" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
            <Button variant="secondary" size="sm" icon="paperclip" onClick={() => file.current?.click()}>
              {t("queues.attach")}
            </Button>
            {queue.mediaName && (
              <>
                <button
                  type="button"
                  className="truncate text-brand-700 underline dark:text-brand-300"
                  onClick={() => openMedia(queue.mediaUrl!).catch(toastError)}
                >
                  {queue.mediaName}
                </button>
                <IconButton
                  icon="trash"
                  tone="danger"
                  label={t("queues.removeAttachment")}
                  onClick={() => deleteQueueMedia(queue.id).then(onQueue, toastError)}
                />
              </>
            )}
          </div>
          <section className="flex flex-col gap-2 border-t border-line pt-4">
            <h3 className="text-sm font-semibold text-ink">{t("queues.options")}</h3>
            <p className="text-xs text-muted">{t("queues.optionsHint")}</p>
            <OptionsTree queueId={queue.id} editable />
          </section>
        </>
      ) : (
        <p className="rounded-lg bg-raised px-3 py-2 text-xs text-muted">{t("queues.saveFirst")}</p>
      )}
    </div>
  );
}
