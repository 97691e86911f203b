import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  Link,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { PAGE_SIZE_DEFAULT, type UserStatus } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { usePagedSearch } from '../../data/api/use-paged-search';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useSession } from '../../data/session/session';
import { useReloadEvent } from '../../data/session/socket';
import { DeleteSelectedButton } from '../../ui/ActionButtons';
import { ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { useWarnOnLoadFailure, warnCallFailed } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { ROLE_LABELS } from '../../ui/role-labels';
import { showToast } from '../../ui/toaster';
import type { UserScreen } from './user-screens';
import { deleteUsers, type UserRow, useUserList } from './users-api';

const STATUS_COLOURS: Record<UserStatus, string> = { active: 'green', invited: 'orange', disabled: 'gray' };

/**
 * An e-mail address that may wrap after the @ and before a dot, never letter by letter (a narrow
 * column broke "customer@demo.local" into one letter a line); only a part longer than the line breaks inside.
 */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <Text as="span" overflowWrap="anywhere">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed address, in order
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/** `/apps/users/users` and `/apps/servicers/servicers`: the users the signed-in user manages. */
export function UsersListPage({ screen }: { screen: UserScreen }) {
  const { t, i18n } = useLingui();
  const ownId = useSession().claims?.sub;
  const { searchInput, setSearchInput, search, page, setPage } = usePagedSearch();
  const state = useUserList({ page, pageSize: PAGE_SIZE_DEFAULT, search, role: screen.fixedRole });
  // Another manager's change (or an invitation accepted) shows without reloading the page.
  useReloadEvent('users', state.reload);
  useWarnOnLoadFailure(state.status === 'failed' ? state.error : null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const statusLabels: Record<UserStatus, string> = {
    active: t`active`,
    invited: t`invited`,
    disabled: t`disabled`,
  };
  // A phone lists users as cards: the table's five columns left the address a few letters wide.
  const cards = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const users = state.data?.users ?? [];
  const count = state.data?.count ?? 0;
  const selectable = users.filter((user) => user.id !== ownId);
  const allSelected = selectable.length > 0 && selectable.every((user) => selected.has(user.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function removeSelected() {
    setDeleting(true);
    try {
      await deleteUsers([...selected]);
      showToast('success', translateServerMessage(i18n, MSG.deleted));
      setSelected(new Set());
      setConfirmDelete(false);
      state.reload();
    } catch (error) {
      warnCallFailed(error, i18n);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="4">
      <PageTitle title={i18n._(screen.title)} />
      <NeedsConnection>
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
            <Field.Root maxWidth="sm">
              <Field.Label>
                <Trans>Search users</Trans>
              </Field.Label>
              <Input
                type="search"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
              />
            </Field.Root>
            <HStack gap="2" wrap="wrap">
              <DeleteSelectedButton selectedCount={selected.size} onClick={() => setConfirmDelete(true)} />
              <Button asChild>
                <RouterLink to={screen.editPath} params={{ id: undefined }}>
                  <Plus aria-hidden="true" />
                  {screen.kind === 'servicemen' ? <Trans>New service man</Trans> : <Trans>Invite user</Trans>}
                </RouterLink>
              </Button>
            </HStack>
          </HStack>

          <LoadFailure error={state.status === 'failed' ? state.error : null} />

          <Box overflowX="auto" borderWidth="1px" borderRadius="l2" aria-busy={state.status === 'loading'}>
            {cards ? (
              <UserCards
                users={users}
                ownId={ownId}
                screen={screen}
                selected={selected}
                onToggle={toggle}
                statusLabels={statusLabels}
              />
            ) : (
              <Table.Root size="sm" stickyHeader>
                <Table.Caption srOnly>
                  <Trans>Users</Trans>
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader width="8">
                      <Checkbox
                        aria-label={t`Select all users on this page`}
                        checked={allSelected}
                        onChange={() =>
                          setSelected(allSelected ? new Set() : new Set(selectable.map((user) => user.id)))
                        }
                      />
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Name</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Email</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Role</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Status</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {users.map((user) => (
                    <Table.Row key={user.id}>
                      <Table.Cell>
                        {user.id !== ownId && (
                          <Checkbox
                            aria-label={t`Select ${user.displayName}`}
                            checked={selected.has(user.id)}
                            onChange={() => toggle(user.id)}
                          />
                        )}
                      </Table.Cell>
                      <Table.Cell fontWeight="medium">
                        <Link asChild colorPalette="blue" color="colorPalette.fg">
                          <RouterLink to={screen.editPath} params={{ id: user.id }}>
                            {user.displayName}
                          </RouterLink>
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <EmailText email={user.email} />
                      </Table.Cell>
                      <Table.Cell>{i18n._(ROLE_LABELS[user.role])}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STATUS_COLOURS[user.status] ?? 'gray'} variant="subtle">
                          {statusLabels[user.status] ?? user.status}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            {state.status === 'loading' && users.length === 0 && <Loading />}
            {state.status === 'ready' && users.length === 0 && (
              <Text padding="6" textAlign="center" color="fg.muted">
                <Trans>No users found.</Trans>
              </Text>
            )}
          </Box>

          <Pagination page={page} pageSize={PAGE_SIZE_DEFAULT} count={count} onPage={setPage} />
        </Stack>
      </NeedsConnection>

      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete users`}
        message={t`Delete the ${selected.size} selected users? This cannot be undone.`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void removeSelected()}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}

/** The users as a list of cards (phones): name and address on lines of their own, role and status below. */
function UserCards({
  users,
  ownId,
  screen,
  selected,
  onToggle,
  statusLabels,
}: {
  users: UserRow[];
  ownId: string | undefined;
  screen: UserScreen;
  selected: Set<string>;
  onToggle: (id: string) => void;
  statusLabels: Record<UserStatus, string>;
}) {
  const { t, i18n } = useLingui();
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label={t`Users`}>
      {users.map((user) => (
        <HStack
          as="li"
          key={user.id}
          align="flex-start"
          gap="3"
          padding="3"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
          data-testid="user-card"
        >
          <Box width="5" flexShrink={0} paddingTop="0.5">
            {user.id !== ownId && (
              <Checkbox
                aria-label={t`Select ${user.displayName}`}
                checked={selected.has(user.id)}
                onChange={() => onToggle(user.id)}
              />
            )}
          </Box>
          <Stack gap="1" minWidth="0" flex="1">
            <Link asChild colorPalette="blue" color="colorPalette.fg" fontWeight="medium">
              <RouterLink to={screen.editPath} params={{ id: user.id }}>
                {user.displayName}
              </RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              <EmailText email={user.email} />
            </Text>
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm">{i18n._(ROLE_LABELS[user.role])}</Text>
              <Badge colorPalette={STATUS_COLOURS[user.status] ?? 'gray'} variant="subtle">
                {statusLabels[user.status] ?? user.status}
              </Badge>
            </HStack>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
