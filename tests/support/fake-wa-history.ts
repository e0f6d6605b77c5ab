/** Builds the phone's HISTORY_SYNC_NOTIFICATION with an inline bootstrap payload (zlib HistorySync) for the fake server. */
import { deflateSync } from "node:zlib";
import { proto } from "baileys";

export interface HistoryChat {
  jid: string;
  messages: { id: string; fromMe: boolean; text: string; at: number; pushName?: string }[];
}

/** The protocol message content the phone (our own number) sends to a newly linked device. */
export function historyNotification(chats: HistoryChat[], progress = 100): proto.IMessage {
  const sync = proto.HistorySync.encode({
    syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    progress,
    conversations: chats.map((c) => ({
      id: c.jid,
      messages: c.messages.map((m) => ({
        message: {
          key: { remoteJid: c.jid, fromMe: m.fromMe, id: m.id },
          message: { conversation: m.text },
          messageTimestamp: Math.floor(m.at / 1000),
          pushName: m.pushName,
        },
      })),
    })),
  }).finish();
  return {
    protocolMessage: {
      type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
      historySyncNotification: {
        syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
        progress,
        initialHistBootstrapInlinePayload: deflateSync(sync),
      },
    },
  };
}
