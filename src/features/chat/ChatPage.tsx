import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../data/session/session';
import { useOnlineUsers } from '../../data/session/socket';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { ContactList } from './ContactList';
import { ConversationPane } from './ConversationPane';
import { useChat } from './use-chat';

const route = getRouteApi('/_app/apps/chat');

/** Relative times move on by themselves. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** `/apps/chat`: the contacts on one side, the open conversation on the other (one at a time on phones). */
export function ChatPage() {
  const { t } = useLingui();
  const myId = useSession().claims?.sub ?? '';
  const selectedId = route.useSearch().contact ?? null;
  const navigate = useNavigate();
  const chat = useChat(myId, selectedId);
  const onlineUsers = useOnlineUsers();
  const online = useMemo(() => new Set(onlineUsers.map((user) => user.id)), [onlineUsers]);
  const now = useNow(30_000);

  const select = (contactId: string | null) =>
    void navigate({ to: '/apps/chat', search: contactId ? { contact: contactId } : {} });
  const selected = chat.contacts?.find((contact) => contact.id === selectedId) ?? null;

  return (
    <Stack gap="2">
      <PageTitle title={t`Chat`} />
      {chat.dropped ? (
        <Text role="alert" color="fg.error">
          <Trans>
            The connection to the server was lost. The chat comes back as soon as it is reconnected.
          </Trans>
        </Text>
      ) : (
        <>
          <LoadFailure error={chat.contactsError} />
          {chat.contacts === null ? (
            !chat.contactsError && <Loading />
          ) : (
            <Grid
              // minmax(0, …): a long message preview must shrink (truncate), not widen the page.
              templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(16rem, 22rem) minmax(0, 1fr)' }}
              gap="4"
              height={{ base: 'calc(100dvh - 11rem)', md: 'calc(100dvh - 13rem)' }}
              minHeight="24rem"
            >
              <Box
                as="section"
                aria-label={t`Contacts`}
                display={{ base: selected ? 'none' : 'block', md: 'block' }}
                bg="bg"
                borderWidth="1px"
                borderRadius="l2"
                padding="3"
                minHeight="0"
                minWidth="0"
              >
                <ContactList
                  contacts={chat.contacts}
                  myId={myId}
                  online={online}
                  typing={chat.typing}
                  selectedId={selectedId}
                  now={now}
                  onSelect={select}
                />
              </Box>
              <Box
                as="section"
                aria-label={t`Conversation`}
                display={{ base: selected ? 'block' : 'none', md: 'block' }}
                bg="bg"
                borderWidth="1px"
                borderRadius="l2"
                padding="3"
                minHeight="0"
                minWidth="0"
              >
                {selected ? (
                  <ConversationPane
                    contact={selected}
                    conversation={chat.conversation}
                    myId={myId}
                    online={online.has(selected.id)}
                    typing={chat.typing.has(selected.id)}
                    now={now}
                    onBack={() => select(null)}
                    onLoadOlder={() => void chat.loadOlder()}
                    onSend={(messageText) => chat.send(selected.id, messageText)}
                    onTyping={chat.sendTyping}
                  />
                ) : (
                  <Text color="fg.muted" textAlign="center" padding="8">
                    {selectedId ? t`This contact is not available.` : t`Choose a contact to start chatting.`}
                  </Text>
                )}
              </Box>
            </Grid>
          )}
        </>
      )}
    </Stack>
  );
}
