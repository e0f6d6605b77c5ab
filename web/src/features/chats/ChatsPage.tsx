import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useParams } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { type Chat, deleteChat, getChat } from "../../api/chats";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { chats, ensureChats, upsertChat } from "../../stores/chats";
import { toast } from "../../stores/toast";
import { isMobile } from "../../stores/ui";
import { TabBar } from "../tickets/list/TabBar";
import { ChatList } from "./ChatList";
import { ChatModal } from "./ChatModal";
import { ChatPane } from "./ChatPane";

/** /chats/:id? (R-CHAT-5): the chat list (3/12) beside the messages (9/12); two tabs on narrow screens. */
export default function ChatsPage() {
  useSignals();
  const t = useT();
  const { id } = useParams<{ id?: string }>();
  const [pane, setPane] = useState<"list" | "messages">(id ? "messages" : "list");
  const [editing, setEditing] = useState<Chat | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  useEffect(() => void ensureChats(true), []);
  useEffect(() => setPane(id ? "messages" : "list"), [id]);
  const open = chats.value.find((c) => c.uuid === id || String(c.id) === id) ?? null;
  // A chat linked directly but beyond the first page of the list: fetch it (404 = not a member: the pick hint stays).
  useEffect(() => {
    if (!id || open) return;
    void ensureChats().then(() => {
      if (!chats.peek().some((c) => c.uuid === id || String(c.id) === id)) getChat(id).then(upsertChat, () => {});
    });
  }, [id]);

  const go = (c: Chat) => navigate(`/chats/${c.uuid}`);
  const remove = async () => {
    if (!deleting) return;
    // Delete failures are swallowed (R-CHAT-5).
    await deleteChat(deleting.id).catch(() => {});
    toast("success", t("chats.deleted"));
    navigate("/chats");
  };
  const list = <ChatList openId={open?.id ?? null} onOpen={go} onNew={() => setEditing(null)} />;
  const messages = open ? (
    <ChatPane key={open.id} chat={open} onEdit={() => setEditing(open)} onDelete={() => setDeleting(open)} />
  ) : (
    <EmptyState icon="chat" title={t("chats.pick")} hint={t("chats.pickHint")} />
  );
  const dialogs = (
    <>
      <ChatModal
        open={editing !== undefined}
        chat={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(c) => {
          upsertChat(c);
          go(c);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t("chats.deleteTitle", { title: deleting?.title ?? "" })}
        text={t("chats.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
  if (isMobile.value) {
    return (
      <div className="flex h-full flex-col" data-testid="chats-page">
        <div className="shrink-0 bg-surface">
          <TabBar<"list" | "messages">
            testPrefix="chat-pane"
            value={pane}
            onChange={setPane}
            items={[
              { key: "list", label: t("chats.tabChats"), icon: <Icon name="inbox" className="size-4" /> },
              { key: "messages", label: t("chats.tabMessages"), icon: <Icon name="chat" className="size-4" /> },
            ]}
          />
        </div>
        <div className="min-h-0 flex-1">{pane === "list" ? list : messages}</div>
        {dialogs}
      </div>
    );
  }
  return (
    <div className="grid h-full min-h-0 grid-cols-[minmax(280px,3fr)_9fr]" data-testid="chats-page">
      <div className="min-h-0 min-w-0 border-r border-line bg-surface">{list}</div>
      <div className="min-h-0 min-w-0">{messages}</div>
      {dialogs}
    </div>
  );
}
