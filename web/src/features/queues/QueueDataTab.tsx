import { type Queue, queueMedia } from "../../api/queues";
import { AttachmentField } from "../../components/AttachmentField";
import { TextArea, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import type { FieldBinder } from "../../lib/form";
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

/** Queue data: name, colour, messages, order; once saved, the attachment (sent at once) and the options tree. */
export function QueueDataTab({
  form,
  onForm,
  field,
  queue,
  onQueue,
}: {
  form: QueueDraft;
  onForm: (f: QueueDraft) => void;
  field: FieldBinder<QueueDraft>;
  queue: Queue | null;
  onQueue: (q: Queue) => void;
}) {
  const t = useT();
  const saved = (call: Promise<Queue>) => call.then(onQueue, toastError);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_6rem]">
        <TextInput label={t("queues.name")} autoFocus {...field("name")} />
        <ColorPicker label={t("queues.color")} {...field("color")} />
        <TextInput label={t("queues.order")} inputMode="numeric" {...field("orderQueue")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea label={t("queues.greeting")} {...field("greetingMessage")} />
        <TextArea label={t("queues.outOfHours")} {...field("outOfHoursMessage")} />
      </div>
      <BotPickers integrationId={form.integrationId} promptId={form.promptId} onChange={(v) => onForm({ ...form, ...v })} />
      {queue ? (
        <>
          <AttachmentField
            attachment={{
              current: queue,
              file: null,
              setFile: (f) => f && saved(queueMedia.upload(queue.id, f)),
              removeMedia: () => saved(queueMedia.remove(queue.id)),
            }}
            area="queues"
            testId="queue-file"
          />
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
