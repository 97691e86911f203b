import { Box, Button, chakra, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import * as v from 'valibot';
import type { ControllerAck } from '../../../contract/device';
import {
  type LiftParameters,
  LiftParametersSchema,
  PARAMETER_KEYS,
  STOP_ZONES,
} from '../../../contract/parameters';
import { numberFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { reportSaveError } from '../../ui/form-errors';
import { sendParameters } from './lifts-api';

type Values = Record<string, string>;

function flatten(parameters: LiftParameters): Values {
  const values: Values = {};
  for (const key of PARAMETER_KEYS.general) values[`general.${key}`] = String(parameters.general?.[key] ?? 0);
  for (const zone of STOP_ZONES)
    for (const key of PARAMETER_KEYS.stop)
      values[`stops.${zone}.${key}`] = String(parameters.stops?.[zone]?.[key] ?? 0);
  for (const key of PARAMETER_KEYS.door) values[`door.${key}`] = String(parameters.door?.[key] ?? 0);
  return values;
}

function unflatten(values: Values): unknown {
  const general: Record<string, number> = {};
  const door: Record<string, number> = {};
  const stops: Record<string, Record<string, number>> = { Z0: {}, Z1: {} };
  const result = { general, stops, door };
  for (const [path, raw] of Object.entries(values)) {
    const [group = '', a = '', b = ''] = path.split('.');
    const value = raw.trim() === '' ? Number.NaN : Number(raw.replace(',', '.'));
    if (group === 'stops') stops[a] = { ...stops[a], [b]: value };
    else if (group === 'general') general[a] = value;
    else door[a] = value;
  }
  return result;
}

function ParameterInput({
  path,
  label,
  values,
  errors,
  onChange,
}: {
  path: string;
  label: string;
  values: Values;
  errors: Record<string, string>;
  onChange: (path: string, value: string) => void;
}) {
  const id = `param-${path.replaceAll('.', '-')}`;
  return (
    <Box display="flex" flexDirection="column" gap="1">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" wordBreak="break-word">
        {label}
      </chakra.label>
      <Input
        id={id}
        size="sm"
        type="number"
        step="any"
        value={values[path] ?? ''}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={errors[path] ? `${id}-error` : undefined}
        onChange={(event) => onChange(path, event.target.value)}
      />
      {errors[path] && (
        <Text id={`${id}-error`} fontSize="xs" color="fg.error">
          {errors[path]}
        </Text>
      )}
    </Box>
  );
}

/** The controller's parameters in three groups; sent to the controller, which acknowledges. */
export function LiftParametersPanel({ liftId, parameters }: { liftId: string; parameters: LiftParameters }) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<Values>(() => flatten(parameters));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [ack, setAck] = useState<ControllerAck | null>(null);
  const change = (path: string, value: string) => setValues((current) => ({ ...current, [path]: value }));

  async function send() {
    setAck(null);
    const parsed = v.safeParse(LiftParametersSchema, unflatten(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const path = v.getDotPath(issue);
        if (path) next[path] = translateServerMessage(i18n, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      setAck(await sendParameters(liftId, parsed.output));
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSending(false);
    }
  }

  const grid = (paths: [string, string][]) => (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {paths.map(([path, label]) => (
        <ParameterInput
          key={path}
          path={path}
          label={label}
          values={values}
          errors={errors}
          onChange={change}
        />
      ))}
    </SimpleGrid>
  );

  return (
    <ParameterSections group={grid}>
      <Box display="flex" gap="3" alignItems="center" flexWrap="wrap">
        <Button loading={sending} onClick={() => void send()}>
          <Send aria-hidden="true" />
          <Trans>Send to controller</Trans>
        </Button>
        {ack && (
          <Text role="status" color={ack.ok ? 'fg.success' : 'fg.error'}>
            {ack.ok
              ? t`The controller acknowledged the parameters.`
              : t`The controller refused: ${translateServerMessage(i18n, ack.error ?? '')}`}
          </Text>
        )}
      </Box>
    </ParameterSections>
  );
}

/**
 * The parameters section with its three groups (general, each stop zone, cabin door); `group`
 * draws one group from its `[path, label]` pairs, as inputs or as read-only values.
 */
function ParameterSections({
  group,
  children,
}: {
  group: (paths: [string, string][]) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="4" as="section" aria-labelledby="parameters-heading">
      <Heading as="h2" size="lg" id="parameters-heading">
        <Trans>Parameters</Trans>
      </Heading>
      <Heading as="h3" size="md">
        <Trans>General</Trans>
      </Heading>
      {group(PARAMETER_KEYS.general.map((key) => [`general.${key}`, key]))}
      {STOP_ZONES.map((zone) => (
        <Stack key={zone} gap="3">
          <Heading as="h3" size="md">
            <Trans>Per stop, zone {zone}</Trans>
          </Heading>
          {group(PARAMETER_KEYS.stop.map((key) => [`stops.${zone}.${key}`, key]))}
        </Stack>
      ))}
      <Heading as="h3" size="md">
        <Trans>Cabin door</Trans>
      </Heading>
      {group(PARAMETER_KEYS.door.map((key) => [`door.${key}`, key]))}
      {children}
    </Stack>
  );
}

/** The controller's parameters as last reported, read only (service men, customers, and offline). */
export function LiftParametersView({ parameters }: { parameters: LiftParameters }) {
  const { i18n } = useLingui();
  const values = flatten(parameters);
  const format = (path: string) => {
    const value = Number(values[path]);
    return Number.isFinite(value) ? numberFormat(i18n.locale).format(value) : '—';
  };
  const group = (paths: [string, string][]) => (
    <SimpleGrid as="dl" columns={{ base: 2, sm: 3, lg: 4 }} gap="2" fontSize="sm">
      {paths.map(([path, label]) => (
        <Box key={path} minWidth="0">
          <chakra.dt color="fg.muted" wordBreak="break-word">
            {label}
          </chakra.dt>
          <chakra.dd fontWeight="medium">{format(path)}</chakra.dd>
        </Box>
      ))}
    </SimpleGrid>
  );
  return <ParameterSections group={group} />;
}
