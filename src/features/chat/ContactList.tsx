import { Badge, Box, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useState } from 'react';
import type { Contact } from '../../../contract/schemas/chat';
import { relativeTime } from '../../data/i18n/relative-time';
import { filterContacts } from '../../data/lookups/contacts';
import { PersonAvatar } from '../../ui/PersonAvatar';

interface ContactListProps {
  contacts: Contact[];
  myId: string;
  online: ReadonlySet<string>;
  typing: ReadonlySet<string>;
  selectedId: string | null;
  now: Date;
  onSelect: (contactId: string) => void;
}

/** The people one may chat with: search, online dot, latest message, unread badge. */
export function ContactList({ contacts, myId, online, typing, selectedId, now, onSelect }: ContactListProps) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const shown = filterContacts(contacts, search);

  return (
    <Stack gap="3" height="full" minHeight="0">
      <Field.Root>
        <Field.Label>
          <Trans>Search contacts</Trans>
        </Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field.Root>
      {shown.length === 0 ? (
        <Text color="fg.muted" padding="2">
          {contacts.length === 0 ? t`No contacts yet.` : t`No contacts found.`}
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" overflowY="auto" flex="1" minHeight="0" aria-label={t`Contacts`}>
          {shown.map((contact) => {
            const isOnline = online.has(contact.id);
            const last = contact.lastMessage;
            const text = last?.messageText ?? '';
            const preview = typing.has(contact.id)
              ? t`typing…`
              : last
                ? last.userId === myId
                  ? t`You: ${text}`
                  : text
                : '';
            return (
              <li key={contact.id}>
                <chakra.button
                  type="button"
                  width="full"
                  minWidth="0"
                  textAlign="start"
                  padding="2"
                  borderRadius="l2"
                  cursor="pointer"
                  bg={contact.id === selectedId ? 'bg.emphasized' : undefined}
                  _hover={{ bg: 'bg.subtle' }}
                  aria-current={contact.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(contact.id)}
                >
                  <HStack gap="3" align="center">
                    <PersonAvatar
                      name={contact.displayName}
                      avatarUrl={contact.avatarUrl}
                      online={isOnline}
                      size="sm"
                    />
                    <Stack gap="0" flex="1" minWidth="0">
                      <HStack gap="1" justify="space-between">
                        <Text fontWeight="semibold" truncate minWidth="0">
                          {contact.displayName}
                          {contact.starred && (
                            <Box as="span" display="inline-block" marginStart="1" color="yellow.500">
                              <Star size={12} fill="currentColor" aria-label={t`starred`} />
                            </Box>
                          )}
                        </Text>
                        {last && (
                          <Text fontSize="xs" color="fg.muted" flexShrink="0">
                            {relativeTime(i18n, last.time, now, { past: true })}
                          </Text>
                        )}
                      </HStack>
                      <HStack gap="2" justify="space-between">
                        <Text fontSize="sm" color="fg.muted" truncate minWidth="0">
                          <Text as="span" srOnly>
                            {isOnline ? t`online` : t`offline`}
                            {preview ? ', ' : ''}
                          </Text>
                          {preview}
                        </Text>
                        {contact.unread > 0 && (
                          <Badge colorPalette="red" variant="solid" borderRadius="full" flexShrink="0">
                            <span aria-hidden="true">{contact.unread}</span>
                            <Text as="span" srOnly>
                              <Plural
                                value={contact.unread}
                                one="# unread message"
                                other="# unread messages"
                              />
                            </Text>
                          </Badge>
                        )}
                      </HStack>
                    </Stack>
                  </HStack>
                </chakra.button>
              </li>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
