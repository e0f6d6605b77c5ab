import { useEffect, useMemo, useState } from "react";
import { createQueueOption, deleteQueueOption, listQueueOptions, type QueueOption, updateQueueOption, optionMedia } from "../../api/queues";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { OptionForm, type OptionDraft } from "./OptionForm";
import { OptionNode } from "./OptionNode";

/** Next free numeric ordinal among siblings ("1", "2"…). */
const nextOrdinal = (siblings: QueueOption[]) => String(siblings.reduce((m, o) => Math.max(m, Number(o.option) || 0), 0) + 1);

/**
 * The chatbot option tree of a saved queue: any depth, root parent -1. Every change is saved at once
 * through /queue-options; deleting a node deletes its subtree.
 */
export function OptionsTree({ queueId, editable }: { queueId: number; editable: boolean }) {
  const t = useT();
  const [options, setOptions] = useState<QueueOption[] | null>(null);
  const [adding, setAdding] = useState<number | null | undefined>(undefined); // parent id; null = root
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<QueueOption | null>(null);

  const load = () => listQueueOptions(queueId).then(setOptions, toastError);
  useEffect(() => {
    void load();
  }, [queueId]);

  const children = useMemo(() => {
    const map = new Map<number | null, QueueOption[]>();
    for (const o of options ?? []) map.set(o.parentId, [...(map.get(o.parentId) ?? []), o]);
    return map;
  }, [options]);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await load();
      toast("success", t("common.success"));
    } catch (err) {
      toastError(err);
    }
  };

  const create = (parentId: number | null) => (d: OptionDraft) =>
    act(async () => {
      await createQueueOption({ queueId, parentId, ...d });
      setAdding(undefined);
    });
  const update = (id: number) => (d: OptionDraft) =>
    act(async () => {
      await updateQueueOption(id, d);
      setEditing(null);
    });

  if (!options) return <Spinner className="mx-auto size-6 text-brand-600" />;

  const renderLevel = (parentId: number | null, depth: number) => (
    <ul className={depth ? "ml-5 border-l border-line pl-3" : ""}>
      {(children.get(parentId) ?? []).map((o) => (
        <li key={o.id} className="py-1">
          {editing === o.id ? (
            <OptionForm initial={o} onSave={update(o.id)} onCancel={() => setEditing(null)} />
          ) : (
            <OptionNode
              option={o}
              editable={editable}
              onEdit={() => setEditing(o.id)}
              onAddChild={() => setAdding(o.id)}
              onDelete={() => setDeleting(o)}
              onUpload={(f) => act(() => optionMedia.upload(o.id, f))}
              onRemoveMedia={() => act(() => optionMedia.remove(o.id))}
            />
          )}
          {(children.get(o.id)?.length || adding === o.id) && (
            <div className="mt-1">
              {renderLevel(o.id, depth + 1)}
              {adding === o.id && (
                <div className="ml-5 pl-3">
                  <OptionForm
                    initial={{ option: nextOrdinal(children.get(o.id) ?? []), title: "", message: "" }}
                    onSave={create(o.id)}
                    onCancel={() => setAdding(undefined)}
                  />
                </div>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <div data-testid="options-tree" className="flex flex-col gap-2">
      {options.length === 0 && adding === undefined && <p className="text-sm text-muted">{t("queues.optionsEmpty")}</p>}
      {renderLevel(null, 0)}
      {adding === null && (
        <OptionForm
          initial={{ option: nextOrdinal(children.get(null) ?? []), title: "", message: "" }}
          onSave={create(null)}
          onCancel={() => setAdding(undefined)}
        />
      )}
      {editable && adding === undefined && (
        <Button variant="secondary" size="sm" icon="plus" className="self-start" onClick={() => setAdding(null)}>
          {t("queues.optionAdd")}
        </Button>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t("queues.optionDeleteTitle", { title: deleting?.title ?? "" })}
        text={t("queues.optionDeleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={() => act(() => deleteQueueOption(deleting!.id))}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
