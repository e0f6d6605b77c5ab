import { useEffect, useState } from "react";
import { listSandboxCustomers, type SandboxCustomer, type SandboxMessage, sandboxConversation } from "../../api/sandbox";
import { onSandboxFrame } from "../../realtime/connections";
import { join, onSocketReady, send } from "../../realtime/socket";
import { toastError } from "../../stores/toast";

/** The sandbox phone's data: its chats and the open conversation, kept live by `sandbox` frames. */
export function useSandbox(connectionId: number, number: string | null) {
  const [customers, setCustomers] = useState<SandboxCustomer[]>([]);
  const [messages, setMessages] = useState<SandboxMessage[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!connectionId) return;
    join({ type: "joinSandbox", connectionId });
    listSandboxCustomers(connectionId).then(setCustomers, toastError);
    return () => send({ type: "leaveSandbox", connectionId });
  }, [connectionId]);

  const [reloads, setReloads] = useState(0);
  // (Re)joining the room reloads the open conversation: a reply sent before the join is not lost.
  useEffect(() => onSocketReady(() => setReloads((n) => n + 1)), []);

  useEffect(() => {
    setMessages([]);
    if (!number) return;
    setLoading(true);
    sandboxConversation(connectionId, number)
      .then((r) => setMessages(r.messages), toastError)
      .finally(() => setLoading(false));
  }, [connectionId, number]);

  useEffect(() => {
    if (!number || !reloads) return;
    sandboxConversation(connectionId, number).then((r) => setMessages(r.messages), toastError);
  }, [reloads]);

  useEffect(
    () =>
      onSandboxFrame((f) => {
        if (f.connectionId !== connectionId) return;
        const m = f.message;
        if (m.number === number) {
          setMessages((list) => {
            const i = list.findIndex((x) => x.id === m.id);
            if (i >= 0) return list.map((x) => (x.id === m.id ? m : x));
            return f.action === "create" ? [...list, m] : list;
          });
        }
        setCustomers((list) => {
          const rest = list.filter((c) => c.number !== m.number);
          const old = list.find((c) => c.number === m.number);
          if (f.action !== "create" && old) return list.map((c) => (c.number === m.number && c.lastMessage.id === m.id ? { ...c, lastMessage: m } : c));
          return [{ number: m.number, name: (m.direction === "in" && m.name) || old?.name || "", count: (old?.count ?? 0) + 1, lastMessage: m }, ...rest];
        });
      }),
    [connectionId, number],
  );

  /**
   * Adds a message the phone just sent (the frame may arrive before or after the answer), and
   * reloads the conversation a moment later as a safety net for replies sent while the socket
   * was still (re)joining.
   */
  const put = (m: SandboxMessage) => {
    setMessages((list) => (list.some((x) => x.id === m.id) ? list.map((x) => (x.id === m.id ? m : x)) : [...list, m]));
    setTimeout(() => setReloads((n) => n + 1), 1500);
  };

  return { customers, messages, loading, put };
}
