import type { ChatDto, ChatMessageDto } from "@contract/dto/chats";
import type { Page } from "@contract/dto/common";
import { api } from "./client";

export type Chat = ChatDto;
export type ChatMessage = ChatMessageDto;

/** GET /chats: the caller's chats (newest activity first) and how many have unread messages. */
export const listChats = (pageNumber = 1) => api<Page<"records", Chat> & { unreadChats: number }>("/chats", { query: { pageNumber } });
export const getChat = (ref: string | number) => api<Chat>(`/chats/${ref}`);
export const createChat = (input: { title: string; users: number[] }) => api<Chat>("/chats", { method: "POST", body: input });
export const updateChat = (id: number, input: { title: string; users: number[] }) => api<Chat>(`/chats/${id}`, { method: "PUT", body: input });
export const deleteChat = (id: number) => api(`/chats/${id}`, { method: "DELETE" });
export const listChatMessages = (id: number, pageNumber: number) => api<Page<"records", ChatMessage>>(`/chats/${id}/messages`, { query: { pageNumber } });
export const sendChatMessage = (id: number, message: string) => api<ChatMessage>(`/chats/${id}/messages`, { method: "POST", body: { message } });
export const markChatRead = (id: number) => api<Chat>(`/chats/${id}/read`, { method: "POST", body: {} });
