import { useSignals } from "@preact/signals-react/runtime";
import { listPrompts, type Prompt } from "../../api/prompts";
import { Badge, Swatch } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { PROMPTS, PromptModal } from "./PromptModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Prompt>[] = [
  { label: "prompts.name", className: "font-medium text-ink", cell: (p) => p.name },
  {
    label: "prompts.queue",
    cell: ({ queue: q }) =>
      q ? (
        <span className="inline-flex items-center gap-2 text-ink">
          <Swatch color={q.color} />
          {q.name}
        </span>
      ) : (
        <Badge tone="neutral">—</Badge>
      ),
  },
  { label: "prompts.maxTokens", from: "sm", className: "text-muted", cell: (p) => p.maxTokens },
];

/** /prompts (R-INT-11): name, queue, max tokens and actions, with the add/edit dialog. */
export default function PromptsPage() {
  useSignals();
  const { page } = useCrudList(PROMPTS, paged(listPrompts, "prompts"));
  return <CrudPage page={page} columns={COLUMNS} icon="sparkles" editor={PromptModal} />;
}
