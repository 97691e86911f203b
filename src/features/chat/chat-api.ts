import { chatApi } from '../../../contract/api/chat';
import type { ChatMessageInput } from '../../../contract/schemas/chat';
import { call } from '../../data/api/http';
import { refreshChatUnread } from '../../data/lookups/chat-unread';

/** One page of a conversation, oldest first; `before` (a message id) pages back. */
export const fetchMessages = (contactId: string, before?: string, signal?: AbortSignal) =>
  call(chatApi.messages, { query: before ? { contactId, before } : { contactId } }, signal ? { signal } : {});

/** The way to send when the live socket is not there. */
export const postMessage = (input: ChatMessageInput) => call(chatApi.send, { body: input });

/** The messages from `contactId` are read; the navigation's count follows. */
export async function markRead(contactId: string) {
  const result = await call(chatApi.read, { body: { contactId } });
  void refreshChatUnread();
  return result;
}
