import type { ChatMessage, ChatMessageInput } from '../../../contract/schemas/chat';
import { refreshChatUnread } from '../../data/chat-unread';
import { api } from '../../data/http';

/** `GET /api/chat/messages`: one page of a conversation, oldest first; `before` pages back. */
export const fetchMessages = (contactId: string, before?: string, signal?: AbortSignal) =>
  api
    .get('chat/messages', { searchParams: before ? { contactId, before } : { contactId }, signal })
    .json<ChatMessage[]>();

/** `POST /api/chat/messages`: the way to send when the live socket is not there. */
export const postMessage = (input: ChatMessageInput) =>
  api.post('chat/messages', { json: input }).json<ChatMessage>();

/** `POST /api/chat/read`: the messages from `contactId` are read; the navigation's count follows. */
export async function markRead(contactId: string) {
  const result = await api.post('chat/read', { json: { contactId } }).json<{ read: number }>();
  void refreshChatUnread();
  return result;
}
