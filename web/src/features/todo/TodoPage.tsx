import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Badge } from "../../components/Badge";
import { Button, IconButton } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { onSocketReady } from "../../realtime/socket";
import { addTask, editTask, forgetOtherUsersTasks, loadTasks, removeTask, TASK_MAX_CHARS, tasks, toggleTask } from "./tasks";

const input =
  "h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-sm placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** /todolist: the user's own tasks, kept in their account (add, edit, done, delete); other devices follow live. */
export default function TodoPage() {
  useSignals();
  const t = useT();
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    forgetOtherUsersTasks();
    void loadTasks();
    // after a reconnect, frames sent while the socket was down are picked up by a reload
    return onSocketReady(() => void loadTasks());
  }, []);
  const list = tasks.value ?? [];
  const open = list.filter((x) => !x.done).length;

  const add = async () => {
    if (await addTask(text)) setText("");
  };
  const saveEdit = () => {
    if (editing) editTask(editing.id, editing.text);
    setEditing(null);
  };

  return (
    <div className="mx-auto flex h-full w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-8" data-testid="todo-page">
      <div className="flex items-center gap-3">
        <PageTitle>{t("todo.title")}</PageTitle>
        <Badge tone="brand">{t("todo.pending", { count: open })}</Badge>
      </div>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input
          className={input}
          value={text}
          maxLength={TASK_MAX_CHARS}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("todo.placeholder")}
          aria-label={t("todo.placeholder")}
          data-testid="todo-input"
        />
        <Button type="submit" icon="plus" disabled={!text.trim()}>
          {t("todo.add")}
        </Button>
      </form>
      <p className="-mt-3 text-xs text-muted">{t("todo.accountHint")}</p>
      <div className="min-h-0 flex-1 overflow-auto rounded-card border border-line bg-surface shadow-card">
        {tasks.value === null ? null : list.length === 0 ? (
          <EmptyState icon="check" title={t("todo.empty")} hint={t("todo.emptyHint")} />
        ) : (
          <ul>
            {list.map((task) => (
              <li key={task.id} data-testid="todo-item" className="flex items-center gap-3 border-b border-line px-4 py-2.5 last:border-b-0">
                <input
                  type="checkbox"
                  checked={task.done}
                  onChange={() => toggleTask(task.id)}
                  aria-label={t("todo.done")}
                  className="size-4 accent-brand-600"
                />
                {editing?.id === task.id ? (
                  <form
                    className="flex flex-1 gap-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      saveEdit();
                    }}
                  >
                    <input
                      className={input}
                      autoFocus
                      maxLength={TASK_MAX_CHARS}
                      value={editing.text}
                      aria-label={t("todo.editLabel")}
                      onChange={(e) => setEditing({ id: task.id, text: e.target.value })}
                      onKeyDown={(e) => e.key === "Escape" && setEditing(null)}
                    />
                    <IconButton icon="check" label={t("common.save")} type="submit" />
                  </form>
                ) : (
                  <>
                    <span className={`min-w-0 flex-1 break-words text-sm ${task.done ? "text-subtle line-through" : "text-ink"}`}>{task.text}</span>
                    <IconButton icon="edit" label={t("common.edit")} onClick={() => setEditing({ id: task.id, text: task.text })} />
                    <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={() => void removeTask(task.id)} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
