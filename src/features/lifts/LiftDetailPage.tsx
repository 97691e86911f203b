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
  Tabs,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, KeyRound, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DEVICE_COMMANDS } from '../../../contract/device';
import type { Description } from '../../../contract/schemas/description';
import type { Lift } from '../../../contract/schemas/lift';
import { isApiRequestError } from '../../data/api/api-error';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { descriptionTexts, findDescription } from '../../data/lookups/descriptions';
import { useOnline } from '../../data/mirror/sync-status';
import { useDescriptionCatalog, useMirror } from '../../data/mirror/use-mirror';
import { useSocketEvent } from '../../data/session/socket';
import { useHasRole } from '../../data/session/use-role';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { DescriptionText, LiftStateBadges, SimVolumeBadge, useLiftStateAsOf } from '../../ui/LiftBadges';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { LiftFilesTab } from './LiftFilesTab';
import { LiftForm } from './LiftForm';
import { LiftParametersPanel, LiftParametersView } from './LiftParametersPanel';
import { LiftEventsList, LiftStatsList } from './LiftReadings';
import { LiftBaseFacts } from './lift-base-fields';
import { saveLiftChanges } from './lift-changes';
import { raiseTestAlarm, rotateDeviceKey, sendCommand } from './lifts-api';
import '../../ui/tabs-recipe';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';
import { useLift } from './use-lifts';

const TABS = ['overview', 'events', 'stats', 'parameters', 'files', 'people'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | undefined): value is Tab => TABS.includes(value as Tab);
/** The overview's inspections section, as a link's hash (src/features/inspections/InspectionsPage.tsx). */
const INSPECTIONS_ANCHOR = 'inspections';
/** The tab last open, so that going from a lift to the list and to the next lift keeps it. */
let lastTab: Tab = 'overview';

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
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/** Title, address, state (dated when not live) and the current error: above every tab. */
function LiftHeader({ lift, descriptions }: { lift: Lift; descriptions: Description[] | null }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const asOf = useLiftStateAsOf(lift);
  const current = lift.state.currentError;
  const currentDescription = findDescription(descriptions, current?.code);
  const lastSeen = formatDate(lift.state.lastSeenAt, locale);
  return (
    <Stack gap="2">
      <PageTitle title={t`Lift ${lift.uid}`} />
      <Text color="fg.muted" marginTop="-3">
        {lift.address}
      </Text>
      <HStack wrap="wrap" gap="3">
        <LiftStateBadges lift={lift} />
        <SimVolumeBadge status={lift.simVolumeStatus} leftMb={lift.simDataLeftMb} />
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="lift-state-line">
        {asOf !== null ? (
          <Trans>No live connection: as of {asOf}.</Trans>
        ) : lift.state.online ? (
          <Trans>Online now</Trans>
        ) : (
          <Trans>Last seen: {lastSeen}</Trans>
        )}
      </Text>
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
            <Trans>Current error {current.code}</Trans>
            {currentDescription && (
              <>
                {': '}
                <DescriptionText value={descriptionTexts(currentDescription, locale).name} />
              </>
            )}
          </Text>
          <Text fontSize="sm">
            <Trans>Since {formatDate(current.since, locale)}</Trans>
          </Text>
        </Box>
      )}
    </Stack>
  );
}

/** A limit of 0 is "not set" (contract/schemas/lift.ts), not a figure. */
function limitValue(value: number, locale: string, notSet: string): ReactNode {
  if (value <= 0)
    return (
      <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
        {notSet}
      </Text>
    );
  return numberFormat(locale).format(value);
}

/**
 * `/apps/lift/lifts/$liftId`: one lift, live, in the tabs a service man expects. The route fills
 * the slots from other features (a feature never imports another): `alarmsSlot` the lift's alarms
 * (src/features/alarms/), `lineTestSlot` its emergency-call line test under the controller (there too),
 * `warningsSlot` its early warnings (src/features/early-warnings/), `maintenanceSlot` its maintenance
 * section in the overview
 * (src/features/maintenance/), `inspectionsSlot` its statutory inspections there
 * (src/features/inspections/), `reportsSlot` its service reports (src/features/service-reports/).
 */
export function LiftDetailPage({
  liftId,
  alarmsSlot,
  lineTestSlot,
  warningsSlot,
  maintenanceSlot,
  inspectionsSlot,
  reportsSlot,
}: {
  liftId: string;
  alarmsSlot?: ReactNode;
  lineTestSlot?: ReactNode;
  warningsSlot?: ReactNode;
  maintenanceSlot?: ReactNode;
  inspectionsSlot?: ReactNode;
  reportsSlot?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const isAdmin = useHasRole('admin');
  const mirror = useMirror();
  const online = useOnline();
  const lift = useLift(liftId);
  const descriptions = useDescriptionCatalog();
  const [tab, setTab] = useState<Tab>(() => {
    // A link may name the tab as the hash (the Today page's `#overview`); the route file, part of the
    // first load, stays as it is.
    const named = window.location.hash.slice(1);
    return isTab(named) ? named : named === INSPECTIONS_ANCHOR ? 'overview' : lastTab;
  });
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [deviceKey, setDeviceKey] = useState<string | null>(null);
  const [commandResult, setCommandResult] = useState<string | null>(null);

  useSocketEvent('lift', (changed: Lift) => {
    if (changed.id === liftId) lift.setData(() => changed);
  });
  // Deleted, or no longer assigned to this user: the page has nothing left to show.
  const navigate = useNavigate();
  useSocketEvent('lift:removed', ({ id }) => {
    if (id !== liftId) return;
    showToast('info', t`This lift was removed or is no longer assigned to you.`);
    void navigate({ to: '/apps/lift/lifts' });
  });

  const data = lift.data;
  // The inspections list's links (`#inspections`) land at the inspections section once the lift shows.
  const shown = Boolean(data);
  useEffect(() => {
    if (shown && window.location.hash === `#${INSPECTIONS_ANCHOR}`)
      document.getElementById(INSPECTIONS_ANCHOR)?.scrollIntoView();
  }, [shown]);
  if (!data) {
    return (
      <Stack gap="4">
        <PageTitle title={t`Lift`} />
        {lift.status === 'failed' ? <LoadFailure error={lift.error} /> : <Loading />}
      </Stack>
    );
  }

  const commandLabels: Record<(typeof DEVICE_COMMANDS)[number], string> = {
    reboot: t`Reboot`,
    resendParams: t`Resend parameters`,
    resetTripCounter: t`Reset trip counter`,
    testAlarm: t`Test alarm`,
  };

  async function runCommand(name: (typeof DEVICE_COMMANDS)[number]) {
    setCommandResult(null);
    try {
      if (name === 'testAlarm') {
        // The alarm opens whether or not the controller answers (docs/alarms.md#test-alarm).
        const { controller } = await raiseTestAlarm(liftId);
        setCommandResult(
          controller.ok
            ? t`Test alarm raised and sent to the lift's people; the controller confirmed its test.`
            : t`Test alarm raised and sent to the lift's people; the controller did not confirm: ${translateServerMessage(i18n, controller.error ?? '')}`,
        );
        return;
      }
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

  const notSet = t`not set`;
  const tabLabels: Record<Tab, string> = {
    overview: t`Overview`,
    events: t`Errors and infos`,
    stats: t`Stats`,
    parameters: t`Parameters`,
    files: t`Files`,
    people: t`People`,
  };

  return (
    <Stack gap="5">
      <LiftHeader lift={data} descriptions={descriptions} />
      {alarmsSlot}
      {warningsSlot}

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

      {/* Tabs mount when first opened and stay mounted, so unsent parameter edits survive a switch. */}
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          lastTab = details.value as Tab;
          setTab(lastTab);
        }}
        lazyMount
        variant="enclosed"
        size="sm"
      >
        <Tabs.List display="flex" flexWrap="wrap" width="full" aria-label={t`Lift details`}>
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} flexGrow={{ base: 1, md: 0 }} justifyContent="center">
              {tabLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="overview">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3">
              <Stat
                label={t`Trips`}
                value={numberFormat(locale).format(data.stats.trips)}
                testId="lift-trips"
              />
              <Stat
                label={t`Operating hours`}
                value={numberFormat(locale, { maximumFractionDigits: 1 }).format(data.stats.operatingHours)}
              />
              <Stat
                label={t`Broken hours`}
                value={numberFormat(locale, { maximumFractionDigits: 1 }).format(data.stats.brokenHours)}
              />
              <Stat label={t`Max trips`} value={limitValue(data.maxTrips, locale, notSet)} />
              <Stat
                label={t`Max operating hours`}
                value={limitValue(data.maxOperatingHours, locale, notSet)}
              />
            </SimpleGrid>
            <Stack as="section" gap="2" aria-labelledby="lift-device-heading">
              <Heading as="h2" size="lg" id="lift-device-heading">
                <Trans>Controller and SIM</Trans>
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" fontSize="sm">
                <Text wordBreak="break-all">
                  <Trans>IMEI: {data.imei}</Trans>
                </Text>
                <Text wordBreak="break-all">
                  <Trans>ICCID: {data.iccid ?? '—'}</Trans>
                </Text>
              </SimpleGrid>
              {lineTestSlot}
            </Stack>
            <Stack as="section" gap="2" aria-labelledby="lift-build-heading">
              <Heading as="h2" size="lg" id="lift-build-heading">
                <Trans>Lift and building</Trans>
              </Heading>
              <LiftBaseFacts lift={data} />
            </Stack>
            {maintenanceSlot}
            {reportsSlot}
            <Box id={INSPECTIONS_ANCHOR} scrollMarginTop="20">
              {inspectionsSlot}
            </Box>
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="events">
          <LiftEventsList liftId={data.id} descriptions={descriptions} />
        </Tabs.Content>

        <Tabs.Content value="stats">
          <LiftStatsList liftId={data.id} />
        </Tabs.Content>

        <Tabs.Content value="parameters">
          {isAdmin && online ? (
            <LiftParametersPanel key={data.id} liftId={data.id} parameters={data.parameters} />
          ) : (
            <LiftParametersView parameters={data.parameters} />
          )}
        </Tabs.Content>

        <Tabs.Content value="files">
          <LiftFilesTab liftId={data.id} />
        </Tabs.Content>

        <Tabs.Content value="people">
          <Stack as="section" gap="2" aria-labelledby="lift-users-heading">
            <Heading as="h2" size="lg" id="lift-users-heading">
              <Trans>Assigned users</Trans>
            </Heading>
            {data.assignedUsers.length === 0 ? (
              <Text color="fg.muted">
                <Trans>No users assigned.</Trans>
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none">
                {data.assignedUsers.map((user) => {
                  const isCustomer = data.customers.includes(user.id);
                  return (
                    <HStack as="li" key={user.id} gap="2" wrap="wrap">
                      <Text fontWeight="medium">{user.displayName}</Text>
                      <Badge variant="outline" colorPalette={isCustomer ? 'blue' : 'purple'}>
                        {isCustomer ? t`Customer` : t`Service man`}
                      </Badge>
                    </HStack>
                  );
                })}
              </Stack>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>

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
    </Stack>
  );
}
