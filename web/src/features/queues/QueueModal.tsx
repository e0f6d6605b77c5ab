import { defaultOpeningHours } from "@contract/limits";
import { QueueForm } from "@contract/schemas/queues";
import { useState } from "react";
import { type Queue, queuesApi } from "../../api/queues";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { PageSpinner } from "../../components/Spinner";
import { Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, STAY_OPEN, useEntityForm } from "../../lib/useEntityForm";
import { queuesStore } from "../../stores/lists";
import { HoursTab, useHours } from "./HoursTab";
import { QueueDataTab, type QueueDraft } from "./QueueDataTab";
import { suggestColor } from "./palette";

/** A new queue starts with a calm colour no other queue uses (a swatch, never an empty field). */
const freeColor = () => suggestColor(queuesStore.items.peek().map((q) => q.color));
const EMPTY: QueueDraft = { name: "", color: "", greetingMessage: "", outOfHoursMessage: "", orderQueue: "", integrationId: "", promptId: "" };
const PINS = { ERR_QUEUE_NAME_ALREADY_EXISTS: "name", ERR_QUEUE_COLOR_ALREADY_EXISTS: "color" };

/** Queues as the kit handles them: the list page and this editor (which stays open after a new queue's first save). */
export const QUEUES = recordKind("queues", "queue", queuesApi, queuesStore);

/**
 * Add or edit a queue: tab 1 holds the data, attachment and chatbot options (options need a saved
 * queue, so a new queue stays open after its first save); tab 2 the weekly service hours. Save
 * records data and hours together.
 */
export function QueueModal({ open, id: queueId, onClose }: EditorProps<Queue>) {
  const t = useT();
  const [id, setId] = useState<number | null>(queueId);
  const [queue, setQueue] = useState<Queue | null>(null);
  const week = useHours(defaultOpeningHours());

  const fill = (q: Queue): QueueDraft => {
    setQueue(q);
    week.load(q.schedules);
    return {
      name: q.name,
      color: q.color,
      greetingMessage: q.greetingMessage,
      outOfHoursMessage: q.outOfHoursMessage,
      orderQueue: q.orderQueue === null ? "" : String(q.orderQueue),
      integrationId: q.integrationId ?? "",
      promptId: q.promptId ?? "",
    };
  };

  const { form, setForm, field, loading, busy, submit } = useEntityForm(
    QUEUES,
    { open, id: queueId, onClose },
    {
      empty: { ...EMPTY, color: freeColor() },
      onOpen: () => {
        setId(queueId);
        setQueue(null);
        week.load(defaultOpeningHours());
      },
      fill,
      schema: QueueForm,
      pins: PINS,
      save: async (out, f) => {
        const body = {
          ...f,
          name: out.name,
          color: out.color,
          orderQueue: f.orderQueue.trim() || null,
          integrationId: f.integrationId || null,
          promptId: f.promptId || null,
          schedules: week.hours,
        };
        const saved = id === null ? await QUEUES.api.create(body) : await QUEUES.api.update(id, body);
        queuesStore.upsert(saved);
        week.load(week.hours);
        if (id !== null) return;
        setId(saved.id);
        setForm(fill(saved));
        return STAY_OPEN;
      },
    },
  );

  const tabs = [
    {
      key: "data",
      label: t("queues.tabData"),
      content: (
        <QueueDataTab
          form={form}
          onForm={setForm}
          field={field}
          queue={queue}
          onQueue={(q) => {
            setQueue(q);
            queuesStore.upsert(q);
          }}
        />
      ),
    },
    {
      key: "hours",
      label: t("queues.tabHours"),
      content: <HoursTab hours={week.hours} dirty={week.dirty} onChange={week.onChange} />,
    },
  ];

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(id === null ? "queues.addTitle" : "queues.editTitle")}
      actions={
        <Button onClick={submit} loading={busy} disabled={loading} data-testid="queue-save">
          {t("common.save")}
        </Button>
      }
      cancelLabel={t("common.close")}
    >
      {loading ? (
        <PageSpinner />
      ) : (
        // No <form> here: the options tree holds its own small forms, and forms cannot nest.
        <Tabs tabs={tabs} />
      )}
    </Modal>
  );
}
