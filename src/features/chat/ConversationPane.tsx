import {
  Avatar,
  Box,
  Button,
  chakra,
  Field,
  HStack,
  IconButton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, type Contact } from '../../../contract/schemas/chat';
import { relativeTime } from '../../data/i18n/relative-time';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { showToast } from '../../ui/toaster';
import type { Conversation, SendResult } from './use-chat';

/** A "typing" is sent again after this while the user keeps typing, and "stopped" after this pause. */
const TYPING_REPEAT_MS = 5000;

interface ConversationPaneProps {
  contact: Contact;
  conversation: Conversation | null;
  myId: string;
  online: boolean;
  typing: boolean;
  now: Date;
  onBack: () => void;
  onLoadOlder: () => void;
  onSend: (messageText: string) => Promise<SendResult>;
  onTyping: (contactId: string, typing: boolean) => void;
}

/** One conversation: its messages (older ones on request), who is typing, and the send box. */
export function ConversationPane({
  contact,
  conversation,
  myId,
  online,
  typing,
  now,
  onBack,
  onLoadOlder,
  onSend,
  onTyping,
}: ConversationPaneProps) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const typingSentAt = useRef(0);
  /** To whom "typing" went last, so that "stopped" reaches him even after switching conversations. */
  const typingTo = useRef<string | null>(null);
  const typingIdle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onTypingRef = useRef(onTyping);
  onTypingRef.current = onTyping;

  const name = contact.displayName;
  const messages = conversation?.messages ?? [];
  const newestId = messages.at(-1)?.id;

  // The newest message stays in view; loading older ones (at the top) does not jump.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  const stopTyping = () => {
    clearTimeout(typingIdle.current);
    if (typingTo.current) {
      onTypingRef.current(typingTo.current, false);
      typingTo.current = null;
      typingSentAt.current = 0;
    }
  };
  // Leaving the conversation ends "typing" for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per contact
  useEffect(() => {
    setText('');
    setError(null);
    return stopTyping;
  }, [contact.id]);

  function changeText(value: string) {
    setText(value);
    setError(null);
    if (!value.trim()) return stopTyping();
    if (Date.now() - typingSentAt.current > TYPING_REPEAT_MS) {
      typingSentAt.current = Date.now();
      typingTo.current = contact.id;
      onTyping(contact.id, true);
    }
    clearTimeout(typingIdle.current);
    typingIdle.current = setTimeout(stopTyping, TYPING_REPEAT_MS);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const messageText = text.trim();
    if (!messageText || sending) return;
    stopTyping();
    setSending(true);
    const result = await onSend(messageText);
    setSending(false);
    if (result.ok) {
      setText('');
      showToast('success', t`Sent a message successfully`);
    } else if ('error' in result) {
      setError(translateServerMessage(i18n, result.error));
    } else if ('timeout' in result) {
      showToast('warning', t`The server did not confirm the message. The conversation was loaded again.`);
    } else {
      showToast('error', t`The server cannot be reached. Please check your connection.`);
    }
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Stack gap="3" height="full" minHeight="0">
      <HStack gap="3" borderBottomWidth="1px" paddingBottom="2">
        <IconButton
          variant="ghost"
          size="sm"
          display={{ base: 'inline-flex', md: 'none' }}
          aria-label={t`Back to contacts`}
          onClick={onBack}
        >
          <ArrowLeft aria-hidden="true" />
        </IconButton>
        <Avatar.Root size="sm" colorPalette="blue" aria-hidden="true">
          <Avatar.Fallback name={contact.displayName} />
          {contact.avatarUrl && <Avatar.Image src={contact.avatarUrl} alt="" />}
        </Avatar.Root>
        <Stack gap="0" minWidth="0">
          <Text as="h2" fontWeight="semibold" truncate>
            {contact.displayName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {online ? t`online` : t`offline`}
          </Text>
        </Stack>
      </HStack>

      <Box
        ref={log}
        role="log"
        aria-label={t`Messages with ${name}`}
        flex="1"
        minHeight="0"
        overflowY="auto"
        paddingInline="1"
      >
        {conversation?.hasOlder && (
          <HStack justify="center" paddingBlock="2">
            <Button size="xs" variant="outline" loading={conversation.loadingOlder} onClick={onLoadOlder}>
              <Trans>Load older messages</Trans>
            </Button>
          </HStack>
        )}
        {conversation?.status === 'loading' && messages.length === 0 && <Loading />}
        <LoadFailure error={conversation?.error} />
        {conversation?.status === 'ready' && messages.length === 0 && (
          <Text color="fg.muted" textAlign="center" padding="6">
            <Trans>No messages yet. Say hello!</Trans>
          </Text>
        )}
        <Stack as="ol" listStyleType="none" gap="2" paddingBlock="2">
          {messages.map((message) => {
            const mine = message.userId === myId;
            return (
              <Box
                as="li"
                key={message.id}
                alignSelf={mine ? 'flex-end' : 'flex-start'}
                maxWidth="80%"
                bg={mine ? 'blue.solid' : 'bg.emphasized'}
                color={mine ? 'blue.contrast' : 'fg'}
                borderRadius="l3"
                paddingInline="3"
                paddingBlock="2"
              >
                <Text as="span" srOnly>
                  {mine ? t`You:` : t`${name}:`}{' '}
                </Text>
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {message.messageText}
                </Text>
                <chakra.time
                  display="block"
                  fontSize="xs"
                  opacity="0.8"
                  textAlign="end"
                  dateTime={message.time}
                  title={new Date(message.time).toLocaleString(i18n.locale)}
                >
                  {relativeTime(i18n, message.time, now, { past: true })}
                </chakra.time>
              </Box>
            );
          })}
        </Stack>
      </Box>

      <Text fontSize="sm" color="fg.muted" minHeight="5" aria-live="polite">
        {typing ? t`${name} is typing…` : ''}
      </Text>

      <form onSubmit={submit}>
        <HStack align="flex-end" gap="2">
          <Field.Root invalid={error !== null} flex="1">
            <Field.Label srOnly>
              <Trans>Message to {name}</Trans>
            </Field.Label>
            <Textarea
              value={text}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              placeholder={t`Write a message…`}
              autoresize
              maxHeight="10lh"
              onChange={(event) => changeText(event.target.value)}
              onKeyDown={keyDown}
            />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" loading={sending} disabled={!text.trim()}>
            <Send aria-hidden="true" />
            <Trans>Send</Trans>
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
