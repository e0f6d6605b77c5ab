import { ChatBody } from "@contract/schemas/chats";
import { useEffect, useState } from "react";
import { type Chat, createChat, updateChat } from "../../api/chats";
import { listAllUsers } from "../../api/tickets";
import { MultiSelect, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { useEntityForm } from "../../lib/useEntityForm";
import { user } from "../../stores/session";
import { toastError } from "../../stores/toast";

/** The 'Conversa' dialog: a title and the colleagues to talk to (R-CHAT-1); `chat` edits it. */
export function ChatModal({ open, chat, onClose, onSaved }: { open: boolean; chat: Chat | null; onClose: () => void; onSaved: (c: Chat) => void }) {
  const t = useT();
  const [people, setPeople] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    listAllUsers()
      .then((us) => setPeople(us.filter((u) => u.id !== user.peek()?.id).map((u) => ({ value: u.id, label: u.name }))))
      .catch(toastError);
  }, [open]);
  const me = user.value?.id;
  const { field, modal } = useEntityForm(
    { area: "chats", handle: "chat" },
    { open, id: chat?.id ?? null, onClose },
    {
      empty: { title: chat?.title ?? "", users: chat ? chat.users.map((u) => u.userId).filter((id) => id !== me) : [] },
      // the chat is at hand: nothing to fetch
      load: () => null,
      fill: (x: { title: string; users: number[] }) => x,
      schema: ChatBody,
      save: async (out) => {
        onSaved(chat ? await updateChat(chat.id, out) : await createChat(out));
        return undefined;
      },
    },
  );
  return (
    <FormModal {...modal} title={t("chats.dialogTitle")}>
      <TextInput label={t("chats.chatTitle")} autoFocus {...field("title")} />
      <MultiSelect label={t("chats.users")} options={people} {...field("users")} />
    </FormModal>
  );
}
