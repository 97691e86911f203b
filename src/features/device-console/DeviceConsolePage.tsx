import {
  Badge,
  Box,
  Button,
  chakra,
  HStack,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Play, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { devicesApi } from '../../../contract/api/devices';
import type { ConnectedController, DeviceTraffic } from '../../../contract/console';
import { type ControllerAck, DEVICE_COMMANDS, type DeviceCommand } from '../../../contract/device';
import { type LiftParameters, LiftParametersSchema } from '../../../contract/parameters';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useOnlineUsers, useSocketEvent } from '../../data/session/socket';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { ScrollBox } from '../../ui/ScrollBox';

const TRAFFIC_MAX = 200;

function SendPanel({ controllers }: { controllers: ConnectedController[] }) {
  const { t, i18n } = useLingui();
  const [liftId, setLiftId] = useState('');
  const [command, setCommand] = useState<DeviceCommand['name']>(DEVICE_COMMANDS[0]);
  const [params, setParams] = useState('{\n  "general": {},\n  "stops": {},\n  "door": {}\n}');
  const [result, setResult] = useState<string | null>(null);
  const [paramsError, setParamsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = liftId || controllers[0]?.liftId || '';

  const describe = (ack: ControllerAck) =>
    ack.ok
      ? t`Acknowledged by the controller.`
      : t`The controller refused: ${translateServerMessage(i18n, ack.error ?? '')}`;

  async function send(kind: 'command' | 'params') {
    setResult(null);
    setParamsError(null);
    let parameters: LiftParameters | null = null;
    if (kind === 'params') {
      let parsedJson: unknown;
      try {
        parsedJson = JSON.parse(params);
      } catch {
        setParamsError(t`This is not valid JSON.`);
        return;
      }
      const parsed = v.safeParse(LiftParametersSchema, parsedJson);
      if (!parsed.success) {
        setParamsError(
          `${v.getDotPath(parsed.issues[0]) ?? ''} ${translateServerMessage(i18n, parsed.issues[0].message)}`,
        );
        return;
      }
      parameters = parsed.output;
    }
    setBusy(true);
    try {
      const params = { id: target };
      const ack = parameters
        ? await call(devicesApi.sendParameters, { params, body: parameters })
        : await call(devicesApi.sendCommand, { params, body: { name: command } });
      setResult(describe(ack));
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  const selectStyle = {
    borderWidth: '1px',
    borderRadius: 'l2',
    height: '10',
    paddingX: '3',
    bg: 'bg',
  } as const;
  return (
    <Stack
      as="section"
      gap="3"
      aria-labelledby="send-heading"
      borderWidth="1px"
      borderRadius="l2"
      padding="4"
    >
      <Text as="h2" id="send-heading" fontSize="lg" fontWeight="semibold">
        <Trans>Send to a controller</Trans>
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Box display="flex" flexDirection="column" gap="1.5">
          <chakra.label htmlFor="console-target" fontSize="sm" fontWeight="medium">
            <Trans>Controller</Trans>
          </chakra.label>
          <chakra.select
            id="console-target"
            value={target}
            onChange={(e) => setLiftId(e.target.value)}
            {...selectStyle}
          >
            {controllers.map((c) => (
              <option key={c.imei} value={c.liftId}>
                {c.uid} · {c.imei}
              </option>
            ))}
          </chakra.select>
        </Box>
        <Box display="flex" flexDirection="column" gap="1.5">
          <chakra.label htmlFor="console-command" fontSize="sm" fontWeight="medium">
            <Trans>Command</Trans>
          </chakra.label>
          <HStack gap="2" wrap="wrap">
            <chakra.select
              id="console-command"
              value={command}
              onChange={(e) => setCommand(e.target.value as DeviceCommand['name'])}
              {...selectStyle}
              flex="1"
              minWidth="40"
            >
              {DEVICE_COMMANDS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </chakra.select>
            <Button disabled={!target} loading={busy} onClick={() => void send('command')}>
              <Send aria-hidden="true" />
              <Trans>Send command</Trans>
            </Button>
          </HStack>
        </Box>
      </SimpleGrid>
      <Box display="flex" flexDirection="column" gap="1.5">
        <chakra.label htmlFor="console-params" fontSize="sm" fontWeight="medium">
          <Trans>Parameters (JSON)</Trans>
        </chakra.label>
        <Textarea
          id="console-params"
          rows={6}
          fontFamily="mono"
          value={params}
          aria-invalid={paramsError ? true : undefined}
          aria-describedby={paramsError ? 'console-params-error' : undefined}
          onChange={(e) => setParams(e.target.value)}
        />
        {paramsError && (
          <Text id="console-params-error" fontSize="xs" color="fg.error">
            {paramsError}
          </Text>
        )}
        <Button alignSelf="flex-start" disabled={!target} loading={busy} onClick={() => void send('params')}>
          <Send aria-hidden="true" />
          <Trans>Send parameters</Trans>
        </Button>
      </Box>
      {result && <Text role="status">{result}</Text>}
    </Stack>
  );
}

/** `/apps/socket` (dev): the controllers and users online and the raw traffic, live. */
export function DeviceConsolePage() {
  const { t, i18n } = useLingui();
  const initial = useApiQuery(devicesApi.connected, {});
  const [controllers, setControllers] = useState<ConnectedController[] | null>(null);
  const [traffic, setTraffic] = useState<(DeviceTraffic & { key: number })[]>([]);
  const [paused, setPaused] = useState(false);
  const onlineUsers = useOnlineUsers();
  useEffect(() => {
    if (initial.data && controllers === null) setControllers(initial.data);
  }, [initial.data, controllers]);
  useSocketEvent('controllers', (connected) => setControllers(connected));
  useSocketEvent('device:traffic', (entry) => {
    if (paused) return;
    setTraffic((current) => [{ ...entry, key: Math.random() }, ...current].slice(0, TRAFFIC_MAX));
  });
  const list = controllers ?? initial.data ?? [];
  const time = (iso: string) => dateTimeFormat(i18n.locale, { timeStyle: 'medium' }).format(new Date(iso));

  return (
    <Stack gap="5">
      <PageTitle title={t`ESP32-Cloud`} />
      <LoadFailure error={initial.status === 'failed' ? initial.error : null} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Stack as="section" gap="2" aria-labelledby="controllers-heading">
          <Text as="h2" id="controllers-heading" fontSize="lg" fontWeight="semibold">
            <Trans>Connected controllers ({list.length})</Trans>
          </Text>
          <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Lift</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>IMEI</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Connected since</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((c) => (
                  <Table.Row key={c.imei}>
                    <Table.Cell>{c.uid}</Table.Cell>
                    <Table.Cell fontFamily="mono">{c.imei}</Table.Cell>
                    <Table.Cell>{time(c.connectedAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {list.length === 0 && (
              <Text padding="3" color="fg.muted">
                <Trans>No controller is connected.</Trans>
              </Text>
            )}
          </Box>
        </Stack>
        <Stack as="section" gap="2" aria-labelledby="users-heading">
          <Text as="h2" id="users-heading" fontSize="lg" fontWeight="semibold">
            <Trans>Users online ({onlineUsers.length})</Trans>
          </Text>
          <HStack wrap="wrap" gap="2">
            {onlineUsers.map((user) => (
              <Badge key={user.id} variant="outline">
                {user.displayName} · {user.role}
              </Badge>
            ))}
          </HStack>
        </Stack>
      </SimpleGrid>
      <SendPanel controllers={list} />
      <Stack as="section" gap="2" aria-labelledby="traffic-heading">
        <HStack justify="space-between" wrap="wrap">
          <Text as="h2" id="traffic-heading" fontSize="lg" fontWeight="semibold">
            <Trans>Traffic</Trans>
          </Text>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setPaused(!paused)}>
              {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {paused ? t`Resume` : t`Pause`}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setTraffic([])}>
              <Trash2 aria-hidden="true" />
              <Trans>Clear</Trans>
            </Button>
          </HStack>
        </HStack>
        {/* Scrolls as a named region the keyboard reaches; the list holds only entries, the waiting
            text stands beside it. */}
        <ScrollBox
          label={t`Traffic`}
          fontFamily="mono"
          fontSize="xs"
          maxHeight="96"
          overflowY="auto"
          borderWidth="1px"
          borderRadius="l2"
          padding="2"
        >
          {traffic.length === 0 ? (
            <Text color="fg.muted">
              <Trans>Waiting for traffic…</Trans>
            </Text>
          ) : (
            <Box as="ol" listStyleType="none" margin="0" padding="0" aria-label={t`Traffic`}>
              {traffic.map((entry) => (
                <Box as="li" key={entry.key} paddingY="0.5" wordBreak="break-all">
                  {time(entry.at)} {entry.direction === 'in' ? '←' : '→'} {entry.imei} {entry.event}{' '}
                  {JSON.stringify(entry.payload)}
                </Box>
              ))}
            </Box>
          )}
        </ScrollBox>
      </Stack>
    </Stack>
  );
}
