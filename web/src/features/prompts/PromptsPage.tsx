import { useSignals } from "@preact/signals-react/runtime";
import { deletePrompt, listPrompts, type Prompt } from "../../api/prompts";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { promptsStore } from "../../stores/lists";
import { PromptModal } from "./PromptModal";

const fetchPage = (s: string, p: number) => listPrompts(s, p).then((r) => ({ items: r.prompts, count: r.count, hasMore: r.hasMore }));

/** /prompts (R-INT-11): name, queue, max tokens and actions, with the add/edit dialog. */
export default function PromptsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(promptsStore, fetchPage);
  const crud = useCrud<Prompt>({ area: "prompts", remove: deletePrompt, store: promptsStore, list });
  const items = promptsStore.items.value;

  return (
    <CrudPage
      area="prompts"
      testId="prompts-scroll"
      icon="sparkles"
      list={list}
      itemCount={items.length}
      crud={crud}
      dialogs={<PromptModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("prompts.name") },
          { label: t("prompts.queue") },
          { label: t("prompts.maxTokens"), className: "hidden sm:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {items.map((p) => (
          <tr key={p.id} data-testid="prompt-row" className="hover:bg-raised/60">
            <td className={`${tdClass} font-medium text-ink`}>{p.name}</td>
            <td className={tdClass}>
              {p.queue ? (
                <span className="inline-flex items-center gap-2 text-ink">
                  <span className="size-2.5 rounded-full" style={{ backgroundColor: p.queue.color }} />
                  {p.queue.name}
                </span>
              ) : (
                <Badge tone="neutral">—</Badge>
              )}
            </td>
            <td className={`${tdClass} hidden text-muted sm:table-cell`}>{p.maxTokens}</td>
            <RowActions onEdit={() => crud.edit(p.id)} onDelete={() => crud.askDelete(p)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
