import { Box, Button, chakra, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import * as v from 'valibot';
import type { ControllerAck } from '../../../contract/device';
import {
  type LiftParameters,
  LiftParametersSchema,
  PARAMETER_FLAGS,
  PARAMETER_FORMATS,
  PARAMETER_KEYS,
  type ParameterFormat,
  type ParameterUnit,
  STOP_ZONES,
} from '../../../contract/parameters';
import { numberFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { reportSaveError } from '../../ui/form-errors';
import { parseLocaleNumber } from '../../ui/locale-number';
import { sendParameters } from './lifts-api';
import { PARAMETER_LABELS } from './parameter-labels';

type Values = Record<string, string>;

/** One parameter as the screens show it: where it sits in the set, its label, unit and kind. */
interface ParameterField {
  path: string;
  label: string;
  unit: ParameterUnit | null;
  decimals: number;
  flag: boolean;
}

/** A value as the user's language writes it, without grouping, so it can be typed back. */
const plainNumber = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value);

function flatten(parameters: LiftParameters, locale: string): Values {
  const values: Values = {};
  const put = (path: string, value: number | undefined) => {
    values[path] = plainNumber(locale, value ?? 0);
  };
  for (const key of PARAMETER_KEYS.general) put(`general.${key}`, parameters.general?.[key]);
  for (const zone of STOP_ZONES)
    for (const key of PARAMETER_KEYS.stop) put(`stops.${zone}.${key}`, parameters.stops?.[zone]?.[key]);
  for (const key of PARAMETER_KEYS.door) put(`door.${key}`, parameters.door?.[key]);
  return values;
}

function unflatten(values: Values, locale: string): unknown {
  const general: Record<string, number> = {};
  const door: Record<string, number> = {};
  const stops: Record<string, Record<string, number>> = { Z0: {}, Z1: {} };
  const result = { general, stops, door };
  for (const [path, raw] of Object.entries(values)) {
    const [group = '', a = '', b = ''] = path.split('.');
    const value = parseLocaleNumber(raw, locale);
    if (group === 'stops') stops[a] = { ...stops[a], [b]: value };
    else if (group === 'general') general[a] = value;
    else door[a] = value;
  }
  return result;
}

const labelWithUnit = (field: ParameterField) =>
  field.unit ? `${field.label} (${field.unit})` : field.label;

function ParameterInput({
  field,
  values,
  errors,
  onChange,
}: {
  field: ParameterField;
  values: Values;
  errors: Record<string, string>;
  onChange: (path: string, value: string) => void;
}) {
  const { path } = field;
  const id = `param-${path.replaceAll('.', '-')}`;
  if (field.flag) {
    return (
      <Box display="flex" alignItems="center" gap="2" minHeight="8">
        <chakra.input
          id={id}
          type="checkbox"
          width="4"
          height="4"
          checked={values[path] === '1'}
          onChange={(event) => onChange(path, event.target.checked ? '1' : '0')}
        />
        <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" wordBreak="break-word">
          {field.label}
        </chakra.label>
      </Box>
    );
  }
  return (
    <Box display="flex" flexDirection="column" gap="1">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" wordBreak="break-word">
        {labelWithUnit(field)}
      </chakra.label>
      <Input
        id={id}
        size="sm"
        inputMode="decimal"
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
  const [values, setValues] = useState<Values>(() => flatten(parameters, i18n.locale));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [ack, setAck] = useState<ControllerAck | null>(null);
  const change = (path: string, value: string) => setValues((current) => ({ ...current, [path]: value }));

  async function send() {
    setAck(null);
    const parsed = v.safeParse(LiftParametersSchema, unflatten(values, i18n.locale));
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

  const grid = (fields: ParameterField[]) => (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {fields.map((field) => (
        <ParameterInput key={field.path} field={field} values={values} errors={errors} onChange={change} />
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
 * draws one group of fields, as inputs or as read-only values.
 */
function ParameterSections({
  group,
  children,
}: {
  group: (fields: ParameterField[]) => ReactNode;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const fields = <K extends string>(
    prefix: string,
    keys: readonly K[],
    labels: Record<K, MessageDescriptor>,
    formats: Record<K, ParameterFormat>,
  ): ParameterField[] =>
    keys.map((key) => ({
      path: `${prefix}.${key}`,
      label: i18n._(labels[key]),
      unit: formats[key].unit,
      decimals: formats[key].decimals,
      flag: PARAMETER_FLAGS.includes(key),
    }));
  return (
    <Stack gap="4" as="section" aria-labelledby="parameters-heading">
      <Heading as="h2" size="lg" id="parameters-heading">
        <Trans>Parameters</Trans>
      </Heading>
      <Heading as="h3" size="md">
        <Trans>General</Trans>
      </Heading>
      {group(fields('general', PARAMETER_KEYS.general, PARAMETER_LABELS.general, PARAMETER_FORMATS.general))}
      {STOP_ZONES.map((zone) => (
        <Stack key={zone} gap="3">
          <Heading as="h3" size="md">
            <Trans>Per stop, zone {zone}</Trans>
          </Heading>
          {group(fields(`stops.${zone}`, PARAMETER_KEYS.stop, PARAMETER_LABELS.stop, PARAMETER_FORMATS.stop))}
        </Stack>
      ))}
      <Heading as="h3" size="md">
        <Trans>Cabin door</Trans>
      </Heading>
      {group(fields('door', PARAMETER_KEYS.door, PARAMETER_LABELS.door, PARAMETER_FORMATS.door))}
      {children}
    </Stack>
  );
}

/** The controller's parameters as last reported, read only (service men, customers, and offline). */
export function LiftParametersView({ parameters }: { parameters: LiftParameters }) {
  const { t, i18n } = useLingui();
  // Read in the portable form, then shown with the language's grouping and the parameter's
  // decimals ("10.000 kg", "1,60 m/s").
  const values = flatten(parameters, 'en');
  const shown = (field: ParameterField) => {
    const value = Number(values[field.path]);
    if (field.flag) return value === 1 ? t`Yes` : t`No`;
    const digits = { minimumFractionDigits: field.decimals, maximumFractionDigits: field.decimals };
    const text = numberFormat(i18n.locale, digits).format(value);
    return field.unit ? `${text} ${field.unit}` : text;
  };
  const group = (fields: ParameterField[]) => (
    <SimpleGrid as="dl" columns={{ base: 2, sm: 3, lg: 4 }} gap="2" fontSize="sm">
      {fields.map((field) => (
        <Box key={field.path} minWidth="0">
          <chakra.dt color="fg.muted" wordBreak="break-word">
            {field.label}
          </chakra.dt>
          <chakra.dd fontWeight="medium">{shown(field)}</chakra.dd>
        </Box>
      ))}
    </SimpleGrid>
  );
  return <ParameterSections group={group} />;
}
