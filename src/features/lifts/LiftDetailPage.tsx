import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Menu,
  Portal,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, KeyRound, NotebookPen, Pencil, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DEVICE_COMMANDS } from '../../../contract/device';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';
import { isApiRequestError } from '../../data/api-error';
import { descriptionName, findDescription } from '../../data/descriptions';
import { useOnline } from '../../data/mirror/sync-status';
import { useDescriptionCatalog, useMirror } from '../../data/mirror/use-mirror';
import { translateServerMessage } from '../../data/server-messages';
import { useSocketEvent } from '../../data/socket';
import { useHasRole } from '../../data/use-role';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { LiftStateBadges, SimVolumeBadge } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { LiftForm } from './LiftForm';
import { LiftParametersPanel } from './LiftParametersPanel';
import { saveLiftChanges } from './lift-changes';
import { rotateDeviceKey, sendCommand } from './lifts-api';
import { MessageNotesDialog } from './MessageNotesDialog';
import { useLift, useLiftMessages } from './use-lifts';
import { useLiveMessages } from './use-live-messages';

const RECENT_PAGE_SIZE = 20;

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" padding="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

function formatDate(iso: string | null, locale: string) {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/** `/apps/lift/lifts/$liftId`: one lift, live. */
export function LiftDetailPage({ liftId }: { liftId: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const isAdmin = useHasRole('admin');
  const mirror = useMirror();
  const online = useOnline();
  const lift = useLift(liftId);
  const [messagePage, setMessagePage] = useState(1);
  const messages = useLiftMessages(liftId, messagePage, RECENT_PAGE_SIZE);
  const descriptions = useDescriptionCatalog();
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [deviceKey, setDeviceKey] = useState<string | null>(null);
  const [notesFor, setNotesFor] = useState<Message | null>(null);
  const [commandResult, setCommandResult] = useState<string | null>(null);

  useSocketEvent('lift', (changed: Lift) => {
    if (changed.id === liftId) lift.setData(() => changed);
  });
  // New readings and notes arrive as `lift:message`: no refetch after a `lift`.
  useLiveMessages(liftId, messages, { page: messagePage, pageSize: RECENT_PAGE_SIZE });
  // Deleted, or no longer assigned to this user: the page has nothing left to show.
  const navigate = useNavigate();
  useSocketEvent('lift:removed', ({ id }) => {
    if (id !== liftId) return;
    showToast('info', t`This lift was removed or is no longer assigned to you.`);
    void navigate({ to: '/apps/lift/lifts' });
  });

  const data = lift.data;
  if (!data) {
    return (
      <Stack gap="4">
        <PageTitle title={t`Lift`} />
        {lift.status === 'failed' ? <LoadFailure error={lift.error} /> : <Loading />}
      </Stack>
    );
  }

  const current = data.state.currentError;
  const currentDescription = findDescription(descriptions, current?.code);
  const commandLabels: Record<(typeof DEVICE_COMMANDS)[number], string> = {
    reboot: t`Reboot`,
    resendParams: t`Resend parameters`,
    resetTripCounter: t`Reset trip counter`,
    testAlarm: t`Test alarm`,
  };

  async function runCommand(name: (typeof DEVICE_COMMANDS)[number]) {
    setCommandResult(null);
    try {
      const ack = await sendCommand(liftId, name);
      setCommandResult(
        ack.ok
          ? t`The controller acknowledged: ${commandLabels[name]}`
          : t`The controller refused: ${translateServerMessage(i18n, ack.error ?? '')}`,
      );
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  async function rotate() {
    try {
      const answer = await rotateDeviceKey(liftId);
      setConfirmRotate(false);
      setDeviceKey(answer.deviceKey);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  const messageList = messages.data?.messages ?? [];

  return (
    <Stack gap="6">
      <Stack gap="2">
        <PageTitle title={t`Lift ${data.uid}`} />
        <Text color="fg.muted" marginTop="-3">
          {data.address}
        </Text>
        <HStack wrap="wrap" gap="3">
          <LiftStateBadges lift={data} />
          <SimVolumeBadge status={data.simVolumeStatus} />
          <Text fontSize="sm" color="fg.muted">
            {data.state.online ? (
              <Trans>Online now</Trans>
            ) : (
              <Trans>Last seen: {formatDate(data.state.lastSeenAt, locale)}</Trans>
            )}
          </Text>
        </HStack>
        {current && (
          <Box
            role="status"
            borderWidth="1px"
            borderColor="border.error"
            bg="bg.error"
            borderRadius="l2"
            padding="3"
          >
            <Text fontWeight="semibold" data-testid="lift-current-error">
              <Trans>
                Current error {current.code}
                {currentDescription ? `: ${descriptionName(currentDescription, locale)}` : ''}
              </Trans>
            </Text>
            <Text fontSize="sm">
              <Trans>Since {formatDate(current.since, locale)}</Trans>
            </Text>
          </Box>
        )}
      </Stack>

      {isAdmin && !online && (
        <Text role="status" color="fg.muted">
          <Trans>Device key, commands and parameters need a connection to the server.</Trans>
        </Text>
      )}
      {isAdmin && (
        <HStack wrap="wrap" gap="2">
          <Button
            variant="outline"
            onClick={() => {
              setConflict(false);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            <Trans>Edit lift</Trans>
          </Button>
          <Button variant="outline" disabled={!online} onClick={() => setConfirmRotate(true)}>
            <KeyRound aria-hidden="true" />
            <Trans>New device key</Trans>
          </Button>
          <Menu.Root
            onSelect={(details) => void runCommand(details.value as (typeof DEVICE_COMMANDS)[number])}
          >
            <Menu.Trigger asChild>
              <Button variant="outline" disabled={!online}>
                <Trans>Commands</Trans>
                <ChevronDown aria-hidden="true" />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {DEVICE_COMMANDS.map((name) => (
                    <Menu.Item key={name} value={name}>
                      {commandLabels[name]}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
          {commandResult && (
            <Text role="status" fontSize="sm">
              {commandResult}
            </Text>
          )}
        </HStack>
      )}

      <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3">
        <Stat
          label={t`Trips`}
          value={new Intl.NumberFormat(locale).format(data.stats.trips)}
          testId="lift-trips"
        />
        <Stat
          label={t`Operating hours`}
          value={new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
            data.stats.operatingHours,
          )}
        />
        <Stat
          label={t`Broken hours`}
          value={new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(data.stats.brokenHours)}
        />
        <Stat label={t`Max trips`} value={new Intl.NumberFormat(locale).format(data.maxTrips)} />
        <Stat
          label={t`Max operating hours`}
          value={new Intl.NumberFormat(locale).format(data.maxOperatingHours)}
        />
      </SimpleGrid>

      <Stack as="section" gap="2" aria-labelledby="lift-device-heading">
        <Heading as="h2" size="lg" id="lift-device-heading">
          <Trans>Controller and SIM</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" fontSize="sm">
          <Text>
            <Trans>IMEI: {data.imei}</Trans>
          </Text>
          <Text>
            <Trans>ICCID: {data.iccid ?? '—'}</Trans>
          </Text>
        </SimpleGrid>
      </Stack>

      <Stack as="section" gap="2" aria-labelledby="lift-users-heading">
        <Heading as="h2" size="lg" id="lift-users-heading">
          <Trans>Assigned users</Trans>
        </Heading>
        <HStack wrap="wrap" gap="2">
          {data.assignedUsers.length === 0 && (
            <Text color="fg.muted">
              <Trans>No users assigned.</Trans>
            </Text>
          )}
          {data.assignedUsers.map((user) => (
            <Badge
              key={user.id}
              variant="outline"
              colorPalette={data.customers.includes(user.id) ? 'blue' : 'purple'}
            >
              {user.displayName}
              {data.customers.includes(user.id) ? ` · ${t`Customer`}` : ` · ${t`Service man`}`}
            </Badge>
          ))}
        </HStack>
      </Stack>

      <Stack as="section" gap="2" aria-labelledby="lift-messages-heading">
        <HStack justify="space-between">
          <Heading as="h2" size="lg" id="lift-messages-heading">
            <Trans>Recent errors and infos</Trans>
          </Heading>
          <Button size="sm" variant="ghost" onClick={messages.reload} aria-label={t`Refresh`}>
            <RefreshCw aria-hidden="true" />
          </Button>
        </HStack>
        <LoadFailure error={messages.status === 'failed' ? messages.error : null} />
        <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Caption srOnly>
              <Trans>Recent errors and infos</Trans>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Time</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Type</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Code</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Description</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Notes</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {messageList.map((message) => {
                const description = findDescription(descriptions, message.code);
                return (
                  <Table.Row key={message.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDate(message.at, locale)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={message.kind === 'error' ? 'red' : 'blue'} variant="subtle">
                        {message.kind === 'error' ? t`Error` : message.kind === 'info' ? t`Info` : t`Stats`}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{message.code ?? '—'}</Table.Cell>
                    <Table.Cell>{description ? descriptionName(description, locale) : '—'}</Table.Cell>
                    <Table.Cell>
                      {message.active === null ? '—' : message.active ? t`Raised` : t`Cleared`}
                    </Table.Cell>
                    <Table.Cell>
                      <Button size="xs" variant="ghost" onClick={() => setNotesFor(message)}>
                        <NotebookPen aria-hidden="true" />
                        {message.notes?.title || (message.isNotes ? t`Edit notes` : t`Add notes`)}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {messages.status === 'loading' && messageList.length === 0 && <Loading />}
          {messages.status === 'ready' && messageList.length === 0 && (
            <Text padding="4" textAlign="center" color="fg.muted">
              <Trans>No errors or infos yet.</Trans>
            </Text>
          )}
        </Box>
        <HStack justify="flex-end" gap="2">
          <Button
            size="sm"
            variant="outline"
            disabled={messagePage <= 1}
            onClick={() => setMessagePage(messagePage - 1)}
          >
            <Trans>Newer</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={messagePage * RECENT_PAGE_SIZE >= (messages.data?.count ?? 0)}
            onClick={() => setMessagePage(messagePage + 1)}
          >
            <Trans>Older</Trans>
          </Button>
        </HStack>
      </Stack>

      {isAdmin && online && (
        <LiftParametersPanel key={data.id} liftId={data.id} parameters={data.parameters} />
      )}

      <AppDialog open={editing} onClose={() => setEditing(false)} title={t`Edit lift`} size="lg">
        {conflict && (
          <Box
            role="alert"
            borderWidth="1px"
            borderColor="border.warning"
            borderRadius="l2"
            padding="3"
            marginBottom="4"
          >
            <Text marginBottom="2">
              <Trans>Someone else changed this lift in the meantime. Reload it to see their changes.</Trans>
            </Text>
            <Button
              size="sm"
              onClick={() => {
                setConflict(false);
                setEditing(false);
                lift.reload();
              }}
            >
              <Trans>Reload</Trans>
            </Button>
          </Box>
        )}
        {editing && (
          <LiftForm
            key={data.version}
            lift={data}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              try {
                // The form has no parameters: keep the lift's (the schema would default them to 0).
                const { parameters, ...fields } = values;
                const saved = await saveLiftChanges(mirror, data, fields);
                if (saved) lift.setData(() => saved);
                showToast('success', t`Updated Successfully`);
                setEditing(false);
              } catch (error) {
                if (isApiRequestError(error) && error.status === 409) {
                  setConflict(true);
                  return;
                }
                throw error;
              }
            }}
          />
        )}
      </AppDialog>
      <ConfirmDialog
        open={confirmRotate}
        title={t`New device key`}
        message={t`The controller's current key stops working at once. Continue?`}
        confirmLabel={t`Create new key`}
        onConfirm={() => void rotate()}
        onClose={() => setConfirmRotate(false)}
      />
      <DeviceKeyDialog deviceKey={deviceKey} onClose={() => setDeviceKey(null)} />
      {notesFor && (
        <MessageNotesDialog
          message={notesFor}
          onClose={() => setNotesFor(null)}
          onSaved={() => {
            setNotesFor(null);
            messages.reload();
          }}
        />
      )}
    </Stack>
  );
}
