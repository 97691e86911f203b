import { Box, Field, HStack, IconButton, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { MessageCircle, Star } from 'lucide-react';
import { useState } from 'react';
import { chatApi } from '../../../contract/api/chat';
import type { Contact } from '../../../contract/schemas/chat';
import { useApiQuery } from '../../data/api/use-api';
import { filterContacts, setContactStar } from '../../data/lookups/contacts';
import { useOnlineUsers } from '../../data/session/socket';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { PersonAvatar } from '../../ui/PersonAvatar';
import { ROLE_LABELS } from '../../ui/role-labels';

/** `/apps/contacts`: everyone one may talk to, with a star to keep the important ones at hand. */
export function ContactsPage() {
  const { t, i18n } = useLingui();
  const state = useApiQuery(chatApi.contacts, {});
  const [search, setSearch] = useState('');
  const [starredOnly, setStarredOnly] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const onlineUsers = useOnlineUsers();
  const online = new Set(onlineUsers.map((user) => user.id));

  // The list keeps its order while stars change under the pointer; it is sorted on the next load.
  const contacts = state.data ?? [];
  const shown = filterContacts(contacts, search).filter((contact) => !starredOnly || contact.starred);

  async function toggleStar(contact: Contact) {
    const starred = !contact.starred;
    const apply = (value: boolean) =>
      state.setData(
        (current) => current?.map((c) => (c.id === contact.id ? { ...c, starred: value } : c)) ?? null,
      );
    apply(starred);
    setSaving((current) => new Set(current).add(contact.id));
    try {
      await setContactStar(contact.id, starred);
    } catch (error) {
      apply(!starred);
      reportSaveError(error, i18n);
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(contact.id);
        return next;
      });
    }
  }

  return (
    <Stack gap="4">
      <PageTitle title={t`Contacts`} />
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Field.Root maxWidth="sm">
          <Field.Label>
            <Trans>Search contacts</Trans>
          </Field.Label>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field.Root>
        <HStack as="label" gap="2" paddingBlock="2" cursor="pointer">
          <Checkbox checked={starredOnly} onChange={(event) => setStarredOnly(event.target.checked)} />
          <Text>
            <Trans>Starred only</Trans>
          </Text>
        </HStack>
      </HStack>

      <LoadFailure error={state.status === 'failed' ? state.error : null} />
      {state.status === 'loading' && contacts.length === 0 && <Loading />}
      {state.status === 'ready' && shown.length === 0 && (
        <Text color="fg.muted">{contacts.length === 0 ? t`No contacts yet.` : t`No contacts found.`}</Text>
      )}

      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, md: 2, xl: 3 }}
        gap="3"
        aria-label={t`Contacts`}
      >
        {shown.map((contact) => {
          const isOnline = online.has(contact.id);
          const name = contact.displayName;
          return (
            <Box as="li" key={contact.id} bg="bg" borderWidth="1px" borderRadius="l2" padding="3">
              <HStack gap="3" align="flex-start">
                <PersonAvatar
                  name={contact.displayName}
                  avatarUrl={contact.avatarUrl}
                  online={isOnline}
                  size="md"
                />
                <Stack gap="0.5" flex="1" minWidth="0">
                  <Text as="h2" fontWeight="semibold" truncate>
                    {contact.displayName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {i18n._(ROLE_LABELS[contact.role])} · {isOnline ? t`online` : t`offline`}
                  </Text>
                  {contact.email && (
                    <Link href={`mailto:${contact.email}`} fontSize="sm" wordBreak="break-all">
                      {contact.email}
                    </Link>
                  )}
                  {contact.phoneNumber && (
                    <Link href={`tel:${contact.phoneNumber}`} fontSize="sm">
                      {contact.phoneNumber}
                    </Link>
                  )}
                </Stack>
                <HStack gap="1" flexShrink="0">
                  <IconButton
                    variant="ghost"
                    size="sm"
                    aria-label={t`Star ${name}`}
                    aria-pressed={contact.starred}
                    disabled={saving.has(contact.id)}
                    color={contact.starred ? 'yellow.500' : 'fg.muted'}
                    onClick={() => void toggleStar(contact)}
                  >
                    <Star aria-hidden="true" fill={contact.starred ? 'currentColor' : 'none'} />
                  </IconButton>
                  <IconButton asChild variant="ghost" size="sm">
                    <RouterLink
                      to="/apps/chat"
                      search={{ contact: contact.id }}
                      aria-label={t`Chat with ${name}`}
                    >
                      <MessageCircle aria-hidden="true" />
                    </RouterLink>
                  </IconButton>
                </HStack>
              </HStack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
