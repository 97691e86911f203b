import { Badge, Box, Button, Field, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { PAGE_SIZE_DEFAULT, type UserStatus } from '../../../contract/constants';
import { translateServerMessage } from '../../data/server-messages';
import { usePagedSearch } from '../../data/use-paged-search';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { useUserList } from './users-api';

const STATUS_COLOURS: Record<UserStatus, string> = { active: 'green', invited: 'orange', disabled: 'gray' };

/** `/apps/users/users`: the users the signed-in admin manages, read-only for now. */
export function UsersListPage() {
  const { t, i18n } = useLingui();
  const { searchInput, setSearchInput, search, page, setPage } = usePagedSearch();
  const state = useUserList({ page, pageSize: PAGE_SIZE_DEFAULT, search });

  const failure = state.status === 'failed' ? state.error : null;
  useEffect(() => {
    if (failure && !failure.isUnreachable)
      showToast('warning', translateServerMessage(i18n, failure.body.message));
  }, [failure, i18n]);

  const statusLabels: Record<UserStatus, string> = {
    active: t`active`,
    invited: t`invited`,
    disabled: t`disabled`,
  };
  const users = state.data?.users ?? [];
  const count = state.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE_DEFAULT));

  return (
    <Stack gap="4">
      <PageTitle title={t`Customers`} />

      <Field.Root maxWidth="sm">
        <Field.Label>
          <Trans>Search users</Trans>
        </Field.Label>
        <Input type="search" value={searchInput} onChange={(event) => setSearchInput(event.target.value)} />
      </Field.Root>

      {failure && (
        <Text role="alert" color="fg.error">
          {failure.isUnreachable
            ? t`The server cannot be reached. Please check your connection.`
            : translateServerMessage(i18n, failure.body.message)}
        </Text>
      )}

      <Box overflowX="auto" borderWidth="1px" borderRadius="l2" aria-busy={state.status === 'loading'}>
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>
            <Trans>Users</Trans>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
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
                <Table.Cell fontWeight="medium">{user.displayName}</Table.Cell>
                <Table.Cell wordBreak="break-all">{user.email}</Table.Cell>
                <Table.Cell>{user.role}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLOURS[user.status] ?? 'gray'} variant="subtle">
                    {statusLabels[user.status] ?? user.status}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {state.status === 'loading' && users.length === 0 && (
          <HStack justify="center" padding="6" role="status">
            <Spinner size="sm" />
            <Text>
              <Trans>Loading…</Trans>
            </Text>
          </HStack>
        )}
        {state.status === 'ready' && users.length === 0 && (
          <Text padding="6" textAlign="center" color="fg.muted">
            <Trans>No users found.</Trans>
          </Text>
        )}
      </Box>

      <HStack as="nav" aria-label={t`Pagination`} justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Page {page} of {pageCount} · {count} users
          </Trans>
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            <Trans>Previous</Trans>
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            <Trans>Next</Trans>
            <ChevronRight aria-hidden="true" />
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
