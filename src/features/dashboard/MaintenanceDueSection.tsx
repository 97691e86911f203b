import { Badge, Box, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { MaintenanceStatus } from '../../../contract/maintenance';
import type { ApiRequestError } from '../../data/api/api-error';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { LoadFailure } from '../../ui/LoadFailure';
import type { MaintenanceDueList } from './use-maintenance-due';

const PALETTE: Record<MaintenanceStatus, string> = { ok: 'green', due: 'orange', overdue: 'red' };

/**
 * Lifts overdue or due within the notice days (`useMaintenanceDue`: the mirror, offline too, or
 * `GET /maintenance/due`; scoped: all for admins, his own for a service man). docs/maintenance.md.
 */
export function MaintenanceDueSection({
  list,
  error,
}: {
  list: MaintenanceDueList | null;
  error?: ApiRequestError | null | undefined;
}) {
  const { i18n } = useLingui();
  const items = list?.items ?? [];
  const day = (value: string) =>
    dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );

  return (
    <Stack as="section" gap="3" aria-labelledby="maintenance-due-heading">
      <Text as="h2" id="maintenance-due-heading" fontSize="lg" fontWeight="semibold">
        <Trans>Maintenance due</Trans>
      </Text>
      <LoadFailure error={error ?? null} />
      {list && items.length === 0 && (
        <Text color="fg.muted">
          <Trans>No lift is due for maintenance.</Trans>
        </Text>
      )}
      {items.length > 0 && (
        <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Caption srOnly>
              <Trans>Maintenance due</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>ID</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Address</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Due on</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Service men</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.slice(0, 50).map((item) => (
                <Table.Row key={item.liftId}>
                  <Table.Cell fontWeight="medium">
                    <Link asChild colorPalette="blue">
                      <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: item.liftId }}>
                        {item.uid}
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{item.address}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Badge colorPalette={PALETTE[item.status]} variant="solid" marginEnd="2">
                      {item.status === 'overdue' ? <Trans>Overdue</Trans> : <Trans>Due soon</Trans>}
                    </Badge>
                    {day(item.dueOn)}
                  </Table.Cell>
                  <Table.Cell>{item.servicemen.map((man) => man.displayName).join(', ') || '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
