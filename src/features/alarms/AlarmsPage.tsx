import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Bell, BellOff, Check } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Alarm, AlarmState } from '../../../contract/schemas/alarm';
import { useLiftOptions } from '../../data/lookups/use-lift-options';
import { useSocketEvent } from '../../data/session/socket';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { AlarmGroups } from './AlarmGroups';
import { useMayAcknowledge } from './AlarmItem';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from './push-subscription';
import { acknowledgeAlarm, acknowledgeAlarms, useAlarms } from './use-alarms';

const AGES = ['any', '15', '60', '1440'] as const;
const FOLLOW_MS = 3_000;
type Age = (typeof AGES)[number];
type StateChoice = AlarmState | 'all';

/** "Notifications on this device": subscribes this browser for alarm pushes. */
function PushToggle() {
  const { t, i18n } = useLingui();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushSubscription().then((s) => setSubscribed(s !== null));
  }, []);
  if (!pushSupported()) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>This browser cannot show push notifications. Install the portal as an app to get them.</Trans>
      </Text>
    );
  }
  async function toggle() {
    setBusy(true);
    try {
      if (subscribed) {
        await disablePush();
        setSubscribed(false);
      } else if (await enablePush()) {
        setSubscribed(true);
        showToast('success', t`Alarms will be shown as notifications on this device.`);
      } else {
        showToast('warning', t`Notifications are blocked for the portal in this browser.`);
      }
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outline"
      size="sm"
      loading={busy}
      onClick={() => void toggle()}
      disabled={subscribed === null}
    >
      {subscribed ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {subscribed ? (
        <Trans>Turn off notifications on this device</Trans>
      ) : (
        <Trans>Notify me on this device</Trans>
      )}
    </Button>
  );
}

/**
 * `/apps/alarms`: the alarms of the user's lifts (open, acknowledged, closed), filtered by lift,
 * code and age. `acknowledge` (from a notification's button) acknowledges that alarm on arrival.
 */
export function AlarmsPage({ acknowledge }: { acknowledge?: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const liftOptions = useLiftOptions();
  const mayAcknowledge = useMayAcknowledge();
  const [state, setState] = useState<StateChoice>('open');
  const [liftId, setLiftId] = useState('');
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState<number | undefined>(undefined);
  const [age, setAge] = useState<Age>('any');
  useEffect(() => {
    const timer = setTimeout(() => {
      const trimmed = codeInput.trim();
      setCode(/^\d{1,5}$/.test(trimmed) ? Number(trimmed) : undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [codeInput]);
  const alarms = useAlarms({
    state: state === 'all' ? undefined : state,
    liftId: liftId || undefined,
    code,
    minAgeMinutes: age === 'any' ? undefined : Number(age),
  });
  const { reload } = alarms;
  // A fault or a clear changes its lift: the list follows, at most every few seconds.
  const followTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useSocketEvent('lift', () => {
    if (followTimer.current) return;
    followTimer.current = setTimeout(() => {
      followTimer.current = undefined;
      reload();
    }, FOLLOW_MS);
  });
  useEffect(() => () => clearTimeout(followTimer.current), []);

  // From a notification's "Acknowledge": once, then the parameter leaves the address.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!acknowledge || !mayAcknowledge || handled.current === acknowledge) return;
    handled.current = acknowledge;
    acknowledgeAlarm(acknowledge).then(
      () => {
        showToast('success', t`Alarm acknowledged`);
        reload();
      },
      (error: unknown) => reportSaveError(error, i18n),
    );
    void navigate({ to: '/apps/alarms', search: {}, replace: true });
  }, [acknowledge, mayAcknowledge, navigate, reload, t, i18n]);

  const stateLabels: Record<StateChoice, string> = {
    open: t({ message: 'Open', context: 'alarm state' }),
    acknowledged: t`Acknowledged`,
    closed: t`Closed`,
    all: t`All`,
  };
  const ageLabels: Record<Age, string> = {
    any: t`Any age`,
    '15': t`Older than 15 minutes`,
    '60': t`Older than 1 hour`,
    '1440': t`Older than 1 day`,
  };
  const list = alarms.data?.alarms ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const select = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const applyChanged = (changed: readonly Alarm[]) => {
    const byId = new Map(changed.map((alarm) => [alarm.id, alarm]));
    alarms.setData((current) =>
      current
        ? {
            ...current,
            alarms: current.alarms.map((a) => {
              const c = byId.get(a.id);
              return c ? { ...a, ...c } : a;
            }),
          }
        : current,
    );
  };
  async function acknowledgeMany(ids: readonly string[]) {
    if (ids.length === 0) return;
    setBulkBusy(true);
    try {
      const changed = await acknowledgeAlarms(ids);
      applyChanged(changed);
      select(ids, false);
      showToast('success', t`Alarms acknowledged: ${changed.length}`);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBulkBusy(false);
    }
  }
  // Only what is still shown and not acknowledged counts as selected.
  const selectedIds = list
    .filter((a) => selected.has(a.id) && !a.acknowledgedAt && !a.closedAt)
    .map((a) => a.id);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <PageTitle title={t`Alarms`} />
        <PushToggle />
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <FilterSelect
          id="alarm-state"
          label={t`State`}
          value={state}
          onChange={(v) => setState(v as StateChoice)}
          options={(['open', 'acknowledged', 'closed', 'all'] as const).map((s) => [s, stateLabels[s]])}
        />
        <FilterSelect
          id="alarm-lift"
          label={t`Lift`}
          value={liftId}
          onChange={setLiftId}
          options={[
            ['', t`All lifts`],
            ...liftOptions.map((lift): [string, string] => [lift.id, `${lift.uid} · ${lift.address}`]),
          ]}
        />
        <FormField id="alarm-code" label={t`Error code`}>
          <Input
            size="sm"
            inputMode="numeric"
            value={codeInput}
            onChange={(e) => setCodeInput(e.target.value)}
          />
        </FormField>
        <FilterSelect
          id="alarm-age"
          label={t`Age`}
          value={age}
          onChange={(v) => setAge(v as Age)}
          options={AGES.map((a) => [a, ageLabels[a]])}
        />
      </SimpleGrid>
      <LoadFailure error={alarms.status === 'failed' ? alarms.error : null} />
      <Box aria-live="polite" aria-busy={alarms.status === 'loading'}>
        {alarms.status !== 'loading' && list.length === 0 && (
          <Text color="fg.muted">
            <Trans>No alarms.</Trans>
          </Text>
        )}
        {mayAcknowledge && selectedIds.length > 0 && (
          <HStack
            position="sticky"
            top="0"
            zIndex="1"
            bg="bg"
            paddingY="2"
            marginBottom="2"
            gap="2"
            wrap="wrap"
            borderBottomWidth="1px"
          >
            <Text fontSize="sm">
              <Trans>{selectedIds.length} selected</Trans>
            </Text>
            <Button
              size="sm"
              colorPalette="red"
              loading={bulkBusy}
              onClick={() => void acknowledgeMany(selectedIds)}
            >
              <Check aria-hidden="true" />
              <Trans>Acknowledge selected</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              <Trans>Clear selection</Trans>
            </Button>
          </HStack>
        )}
        <AlarmGroups
          alarms={list}
          selected={selected}
          onSelect={select}
          onChanged={(changed) => applyChanged([changed])}
          onAcknowledge={(ids) => void acknowledgeMany(ids)}
        />
        {alarms.data?.truncated && (
          <Text fontSize="sm" color="fg.muted" marginTop="2">
            <Trans>Only the newest alarms are shown; narrow the filter to see older ones.</Trans>
          </Text>
        )}
      </Box>
    </Stack>
  );
}
