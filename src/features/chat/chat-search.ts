/** `/apps/chat?contact=<id>`: which conversation is open, if any. */
export interface ChatSearch {
  contact?: string;
}

/**
 * The route's search check. A module of its own: the route table loads it up front, and the chat
 * screen itself must stay in its lazy chunk.
 */
export function validateChatSearch(search: Record<string, unknown>): ChatSearch {
  return typeof search.contact === 'string' && search.contact ? { contact: search.contact } : {};
}
