import { Box, Button, HStack, Input, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
} from 'react';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import type { Lift } from '../../../contract/schemas/lift';
import { usePagedSearch } from '../../data/api/use-paged-search';
import { numberFormat } from '../../data/i18n/intl-format';
import { useOnline } from '../../data/mirror/sync-status';
import { useMirror } from '../../data/mirror/use-mirror';
import { useSocketEvent } from '../../data/session/socket';
import { useHasRole } from '../../data/session/use-role';
import { DeleteSelectedButton } from '../../ui/ActionButtons';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { LiftStateBadges, SimVolumeBadge } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { showToast } from '../../ui/toaster';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { removeLifts } from './lift-changes';
import { registerLift } from './lifts-api';
import { PrintStickersButton } from './PrintStickersButton';
import { useLiftList } from './use-lifts';

// The form (and its form library) loads when an admin opens it, not with every visit of the list.
const LiftForm = lazy(() => import('./LiftForm').then((module) => ({ default: module.LiftForm })));

const NO_LIFTS: Lift[] = [];
/** The rows a desktop's table and a phone's cards show without scrolling: drawn first. */
const FIRST_TABLE_ROWS = 10;
const FIRST_CARDS = 4;

const formatNumber = (value: number, locale: string) =>
  numberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/** A limit of 0 is "not set" (contract/schemas/lift.ts): a dash that says so, not a figure. */
function Limit({ value, locale, notSet }: { value: number; locale: string; notSet: string }) {
  if (value > 0) return <>{formatNumber(value, locale)}</>;
  return (
    <Text as="span" color="fg.muted" title={notSet}>
      <span aria-hidden="true">—</span>
      <Text as="span" srOnly>
        {notSet}
      </Text>
    </Text>
  );
}

function LiftLink({ lift }: { lift: Lift }) {
  return (
    <Link asChild colorPalette="blue">
      <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: lift.id }}>
        {lift.uid}
      </RouterLink>
    </Link>
  );
}

interface LiftRowsProps {
  lifts: Lift[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  mark: ((liftId: string) => ReactNode) | undefined;
}

/**
 * The table's rows. Memoised, like the cards below: the page around them renders again on its own
 * (a store, the socket, the mirror taking over) without a page of rows each time.
 */
const LiftTableRows = memo(function LiftTableRows({ lifts, selected, onToggle, mark }: LiftRowsProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const notSet = t`not set`;
  return lifts.map((lift) => (
    <Table.Row key={lift.id}>
      <Table.Cell>
        <Checkbox
          aria-label={t`Select lift ${lift.uid}`}
          checked={selected.has(lift.id)}
          onChange={() => onToggle(lift.id)}
        />
      </Table.Cell>
      <Table.Cell fontWeight="medium" whiteSpace="nowrap">
        <LiftLink lift={lift} />
      </Table.Cell>
      <Table.Cell minWidth="40">{lift.address}</Table.Cell>
      <Table.Cell>
        <HStack gap="1" wrap="wrap">
          <LiftStateBadges lift={lift} />
          {mark?.(lift.id)}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <SimVolumeBadge status={lift.simVolumeStatus} leftMb={lift.simDataLeftMb} />
      </Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(lift.stats.trips, locale)}</Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(lift.stats.operatingHours, locale)}</Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(lift.stats.brokenHours, locale)}</Table.Cell>
      <Table.Cell textAlign="end">
        <Limit value={lift.maxTrips} locale={locale} notSet={notSet} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Limit value={lift.maxOperatingHours} locale={locale} notSet={notSet} />
      </Table.Cell>
    </Table.Row>
  ));
});

/** One card per lift, on a phone. */
const LiftCards = memo(function LiftCards({ lifts, selected, onToggle, mark }: LiftRowsProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return lifts.map((lift) => (
    <Stack as="li" key={lift.id} gap="1.5" borderWidth="1px" borderRadius="l2" padding="3">
      <HStack gap="2" align="flex-start">
        <Checkbox
          aria-label={t`Select lift ${lift.uid}`}
          checked={selected.has(lift.id)}
          onChange={() => onToggle(lift.id)}
        />
        <Stack gap="0.5" flex="1" minWidth="0">
          <Text fontWeight="semibold">
            <LiftLink lift={lift} />
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {lift.address}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="1" wrap="wrap">
        <LiftStateBadges lift={lift} />
        {mark?.(lift.id)}
        <SimVolumeBadge status={lift.simVolumeStatus} leftMb={lift.simDataLeftMb} />
      </HStack>
      <Text fontSize="sm">
        <Trans>
          Trips {formatNumber(lift.stats.trips, locale)} · Operating hours{' '}
          {formatNumber(lift.stats.operatingHours, locale)}
        </Trans>
      </Text>
    </Stack>
  ));
});

/**
 * `/apps/lift/lifts`: the lifts in the user's scope. The route fills `unusual` from the early
 * warnings (src/features/early-warnings/): a mark per lift, a toggle, and while it is on the unusual
 * lifts instead of the paged list.
 */
export function LiftsListPage({
  unusual,
}: {
  unusual?: { mark: (liftId: string) => ReactNode; toggle: ReactNode; filtered: ReactNode | null };
} = {}) {
  const { t, i18n } = useLingui();
  const isAdmin = useHasRole('admin');
  const { searchInput, setSearchInput, search, page, setPage } = usePagedSearch();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deviceKey, setDeviceKey] = useState<string | null>(null);
  const mirror = useMirror();
  const online = useOnline();
  const state = useLiftList({ page, pageSize: PAGE_SIZE_DEFAULT, search });

  useSocketEvent('lift', (lift: Lift) =>
    state.setData((current) =>
      current ? { ...current, lifts: current.lifts.map((l) => (l.id === lift.id ? lift : l)) } : current,
    ),
  );
  useSocketEvent('lift:removed', ({ id }) =>
    state.setData((current) =>
      current
        ? { ...current, lifts: current.lifts.filter((l) => l.id !== id), count: current.count - 1 }
        : current,
    ),
  );

  const lifts = state.data?.lifts ?? NO_LIFTS;
  // A phone gets one card per lift; the table needs the width of a tablet.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
  // A page that comes into an empty list draws at once the rows the screen shows without
  // scrolling, and the others in a render React may pause for input: on a phone the toolbar, the
  // search and a page of rows in one go held the main thread for most of a second
  // (docs/performance.md#where-the-lift-lists-main-thread-goes). A new page or search keeps the
  // rows shown until its own are drawn, in such a render too.
  const deferredLifts = useDeferredValue(lifts, NO_LIFTS);
  const firstRows = useMemo(() => lifts.slice(0, wide ? FIRST_TABLE_ROWS : FIRST_CARDS), [lifts, wide]);
  const shownLifts = deferredLifts.length === 0 ? firstRows : deferredLifts;
  // The early warnings come after the rows: their marks are drawn in such a render too.
  const mark = useDeferredValue(unusual?.mark);
  const rowsBehind = shownLifts !== lifts;
  const count = state.data?.count ?? 0;
  const allSelected = lifts.length > 0 && lifts.every((lift) => selected.has(lift.id));
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  async function removeSelected() {
    setDeleting(true);
    try {
      await removeLifts(mirror, [...selected]);
      showToast('success', t`Deleted Successfully`);
      setSelected(new Set());
      setConfirmDelete(false);
      state.reload();
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="4">
      <PageTitle title={t`Lifts`} />
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-end">
        <Box as="label" display="flex" flexDirection="column" gap="1.5" maxWidth="sm" width="full">
          <Text fontSize="sm" fontWeight="medium">
            <Trans>Search lifts</Trans>
          </Text>
          <Input
            type="search"
            value={searchInput}
            placeholder={t`ID, address, IMEI or ICCID`}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </Box>
        <HStack gap="2" wrap="wrap">
          {unusual?.toggle}
          {/* Anyone who sees lifts may print their stickers. */}
          <PrintStickersButton ids={[...selected]} />
          {isAdmin && (
            <DeleteSelectedButton selectedCount={selected.size} onClick={() => setConfirmDelete(true)} />
          )}
          {/* Registering hands out the controller's key: only the server can. */}
          {isAdmin && (
            <Button
              onClick={() => setCreating(true)}
              disabled={!online}
              title={online ? undefined : t`Needs a connection`}
            >
              <Plus aria-hidden="true" />
              <Trans>New lift</Trans>
            </Button>
          )}
        </HStack>
      </HStack>

      <LoadFailure error={state.status === 'failed' ? state.error : null} />

      {unusual?.filtered ? (
        unusual.filtered
      ) : wide ? (
        <Box
          position="relative"
          overflowX="auto"
          borderWidth="1px"
          borderRadius="l2"
          aria-busy={state.status === 'loading' || rowsBehind}
        >
          <Table.Root size="sm" stickyHeader>
            <Table.Caption srOnly>
              <Trans>Lifts</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader width="8">
                  <Checkbox
                    aria-label={t`Select all lifts on this page`}
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(lifts.map((lift) => lift.id)))
                    }
                  />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>ID</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Address</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>State</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>SIM volume</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Trips</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Operating hours</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Broken hours</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Max trips</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Max operating hours</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <LiftTableRows lifts={shownLifts} selected={selected} onToggle={toggle} mark={mark} />
            </Table.Body>
          </Table.Root>
          {state.status === 'loading' && lifts.length === 0 && <Loading />}
          {state.status === 'ready' && lifts.length === 0 && (
            <Text padding="6" textAlign="center" color="fg.muted">
              <Trans>No lifts found.</Trans>
            </Text>
          )}
        </Box>
      ) : (
        <Stack gap="2" aria-busy={state.status === 'loading' || rowsBehind}>
          {lifts.length > 0 && (
            <HStack as="label" gap="2" fontSize="sm" paddingX="3">
              <Checkbox
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(lifts.map((lift) => lift.id)))}
              />
              <Trans>Select all lifts on this page</Trans>
            </HStack>
          )}
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Lifts`}>
            <LiftCards lifts={shownLifts} selected={selected} onToggle={toggle} mark={mark} />
          </Stack>
          {state.status === 'loading' && lifts.length === 0 && <Loading />}
          {state.status === 'ready' && lifts.length === 0 && (
            <Text padding="6" textAlign="center" color="fg.muted">
              <Trans>No lifts found.</Trans>
            </Text>
          )}
        </Stack>
      )}

      {!unusual?.filtered && (
        <Pagination page={page} pageSize={PAGE_SIZE_DEFAULT} count={count} onPage={setPage} />
      )}

      <AppDialog open={creating} onClose={() => setCreating(false)} title={t`New lift`} size="lg">
        {creating && (
          <Suspense fallback={<Loading />}>
            <LiftForm
              onCancel={() => setCreating(false)}
              onSubmit={async (values) => {
                const created = await registerLift(values);
                showToast('success', t`Saved successfully`);
                setCreating(false);
                setDeviceKey(created.deviceKey);
                state.reload();
              }}
            />
          </Suspense>
        )}
      </AppDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete lifts`}
        message={t`Delete the ${selected.size} selected lifts? This cannot be undone.`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void removeSelected()}
        onClose={() => setConfirmDelete(false)}
      />
      <DeviceKeyDialog deviceKey={deviceKey} onClose={() => setDeviceKey(null)} />
    </Stack>
  );
}
