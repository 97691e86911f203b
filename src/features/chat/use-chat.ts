import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_PAGE_SIZE_DEFAULT, type ChatMessage, type Contact } from '../../../contract/schemas/chat';
import { type ApiRequestError, isApiRequestError } from '../../data/api/api-error';
import { fetchContacts, sortContacts } from '../../data/lookups/contacts';
import {
  emitSocketEvent,
  requestOverSocket,
  useSocketConnected,
  useSocketEvent,
} from '../../data/session/socket';
import { fetchMessages, markRead, postMessage } from './chat-api';

/** How long a socket send may wait for the server's answer. */
const SEND_TIMEOUT_MS = 8000;
/** A "typing" without a following "stopped" fades after this (the sender may have closed his tab). */
const TYPING_FADES_MS = 12_000;

export interface Conversation {
  contactId: string;
  messages: ChatMessage[];
  status: 'loading' | 'ready' | 'failed';
  /** A page came back full: there may be older messages. */
  hasOlder: boolean;
  loadingOlder: boolean;
  error?: ApiRequestError;
}

export type SendResult =
  | { ok: true; message: ChatMessage }
  | { ok: false; error: string }
  | { ok: false; unreachable: true }
  /** The socket did not answer in time: the message may or may not be stored; the page reloads it. */
  | { ok: false; timeout: true };

const asApiError = (error: unknown): ApiRequestError => {
  if (isApiRequestError(error)) return error;
  throw error;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
}

/**
 * The chat's data: contacts with unread counts, the open conversation, who is typing. It follows
 * the live socket (docs/api.md#endpoints-by-domain) and, when the server drops the socket, clears what it shows (docs/spec-texts.md#messages-toasts-and-error-pages)
 * and loads it again once the socket is back.
 */
export function useChat(myId: string, selectedId: string | null) {
  const connected = useSocketConnected();
  const [dropped, setDropped] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [contacts, setContacts] = useState<Contact[] | null>(null);
  const [contactsError, setContactsError] = useState<ApiRequestError | null>(null);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const contactsRef = useRef(contacts);
  contactsRef.current = contacts;

  // A server disconnect clears the chat on screen; the reconnect brings it back.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (wasConnected.current && !connected) {
      setDropped(true);
      setContacts(null);
      setConversation(null);
      setTyping(new Set());
    } else if (!wasConnected.current && connected) {
      setDropped(false);
      setReloads((n) => n + 1);
    }
    wasConnected.current = connected;
  }, [connected]);

  const reloadContacts = useCallback(() => setReloads((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh load
  useEffect(() => {
    if (dropped) return;
    const controller = new AbortController();
    fetchContacts(controller.signal)
      .then((list) => {
        setContacts(list);
        setContactsError(null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setContactsError(asApiError(error));
      });
    return () => controller.abort();
  }, [dropped, reloads]);

  const clearUnread = useCallback((contactId: string) => {
    setContacts((current) => current?.map((c) => (c.id === contactId ? { ...c, unread: 0 } : c)) ?? null);
    // Marking read may fail (offline): the count then comes back with the next load, which is right.
    markRead(contactId).catch(() => {});
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh load
  useEffect(() => {
    if (dropped || !selectedId) {
      setConversation(null);
      return;
    }
    const controller = new AbortController();
    setConversation((current) =>
      current?.contactId === selectedId
        ? { ...current, status: 'loading' }
        : { contactId: selectedId, messages: [], status: 'loading', hasOlder: false, loadingOlder: false },
    );
    fetchMessages(selectedId, undefined, controller.signal)
      .then((page) => {
        // Live messages that arrived while the page was on its way are kept.
        setConversation((current) => ({
          contactId: selectedId,
          messages: current?.contactId === selectedId ? current.messages.reduce(withMessage, page) : page,
          status: 'ready',
          hasOlder: page.length >= CHAT_PAGE_SIZE_DEFAULT,
          loadingOlder: false,
        }));
        clearUnread(selectedId);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        const failure = asApiError(error);
        setConversation((current) =>
          current?.contactId === selectedId ? { ...current, status: 'failed', error: failure } : current,
        );
      });
    return () => controller.abort();
  }, [selectedId, dropped, reloads, clearUnread]);

  const loadOlder = useCallback(async () => {
    const current = conversation;
    const oldest = current?.messages[0];
    if (!current || !oldest || current.loadingOlder) return;
    setConversation({ ...current, loadingOlder: true });
    try {
      const page = await fetchMessages(current.contactId, oldest.id);
      setConversation((now) =>
        now?.contactId === current.contactId
          ? {
              ...now,
              messages: [...page, ...now.messages],
              hasOlder: page.length >= CHAT_PAGE_SIZE_DEFAULT,
              loadingOlder: false,
            }
          : now,
      );
    } catch (error) {
      const failure = asApiError(error);
      setConversation((now) => (now ? { ...now, loadingOlder: false, error: failure } : now));
    }
  }, [conversation]);

  const stopTyping = useCallback((userId: string) => {
    clearTimeout(typingTimers.current.get(userId));
    typingTimers.current.delete(userId);
    setTyping((current) => {
      if (!current.has(userId)) return current;
      const next = new Set(current);
      next.delete(userId);
      return next;
    });
  }, []);

  useEffect(() => {
    const timers = typingTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  /** A message in or out, from the socket or from our own send: into the list and the conversation. */
  const receive = useCallback(
    (message: ChatMessage) => {
      const partnerId = message.userId === myId ? message.contactId : message.userId;
      const incoming = message.userId !== myId;
      const isOpen = selectedRef.current === partnerId;
      setConversation((current) =>
        current?.contactId === partnerId
          ? { ...current, messages: withMessage(current.messages, message) }
          : current,
      );
      // Somebody new (just registered, or newly in scope): the list is fetched again.
      if (contactsRef.current && !contactsRef.current.some((c) => c.id === partnerId)) reloadContacts();
      setContacts((current) => {
        if (!current) return current;
        return sortContacts(
          current.map((c) =>
            c.id === partnerId
              ? {
                  ...c,
                  lastMessage: message,
                  unread: incoming && !isOpen ? c.unread + 1 : c.unread,
                }
              : c,
          ),
        );
      });
      if (incoming) {
        stopTyping(partnerId);
        if (isOpen) markRead(partnerId).catch(() => {});
      }
    },
    [myId, reloadContacts, stopTyping],
  );

  useSocketEvent('message', (message) => {
    if (!dropped) receive(message);
  });

  useSocketEvent('typing', ({ userId, typing: isTyping }) => {
    if (!isTyping) return stopTyping(userId);
    clearTimeout(typingTimers.current.get(userId));
    typingTimers.current.set(
      userId,
      setTimeout(() => stopTyping(userId), TYPING_FADES_MS),
    );
    setTyping((current) => (current.has(userId) ? current : new Set(current).add(userId)));
  });

  /** Sends over the live socket, or through REST when the socket is not connected. */
  const send = useCallback(
    async (contactId: string, messageText: string): Promise<SendResult> => {
      const input = { contactId, messageText };
      const answer = await requestOverSocket('message', input, SEND_TIMEOUT_MS);
      if (answer === 'timeout') {
        reloadContacts();
        return { ok: false, timeout: true };
      }
      if (answer !== 'offline') {
        if (answer.ok) receive(answer.message);
        return answer;
      }
      try {
        const message = await postMessage(input);
        receive(message);
        return { ok: true, message };
      } catch (error) {
        const failure = asApiError(error);
        return failure.isUnreachable
          ? { ok: false, unreachable: true }
          : { ok: false, error: failure.body.message };
      }
    },
    [receive, reloadContacts],
  );

  const sendTyping = useCallback((contactId: string, isTyping: boolean) => {
    emitSocketEvent('typing', { contactId, typing: isTyping });
  }, []);

  return {
    connected,
    /** The server dropped the socket: the chat is cleared until it is back. */
    dropped,
    contacts,
    contactsError,
    conversation,
    typing,
    loadOlder,
    send,
    sendTyping,
    reloadContacts,
  };
}
