/** A member of an internal chat with their unread count. */
export interface ChatMemberDto {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** The wire shape of an internal chat (R-CHAT-1). */
export interface ChatDto {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string;
  updatedAt: string;
  users: ChatMemberDto[];
}

/** A message of an internal chat. */
export interface ChatMessageDto {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
}
