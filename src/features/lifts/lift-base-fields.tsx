import { SimpleGrid, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LIFT_BASE_FIELDS, type Lift, type LiftBaseField } from '../../../contract/schemas/lift';
import { useBaseChoices, useBaseLabel } from '../../data/lookups/use-base-entries';
import { FormField } from '../../ui/FormField';
import { SelectInput } from '../../ui/SelectInput';

/** The lift's fields that name base data entries (docs/base-data.md), in display order. */
export const LIFT_BASE_FIELD_NAMES = Object.keys(LIFT_BASE_FIELDS) as LiftBaseField[];

const FIELD_LABELS: Record<LiftBaseField, MessageDescriptor> = {
  manufacturer: msg`Manufacturer`,
  driveType: msg`Drive type`,
  doorType: msg`Door type`,
  buildingType: msg`Building type`,
};

/**
 * A select of the category's active entries in the user's language, from the mirror (offline
 * too); the lift's own key stays a choice after its entry was deactivated. Empty means none.
 */
export function BaseFieldSelect({
  field,
  value,
  initial,
  onChange,
  error,
}: {
  field: LiftBaseField;
  value: string | null | undefined;
  /** The key the lift has now. */
  initial: string | null | undefined;
  onChange: (key: string | null) => void;
  error?: string | null;
}) {
  const { i18n } = useLingui();
  const choices = useBaseChoices(LIFT_BASE_FIELDS[field], initial);
  return (
    <FormField id={`lift-${field}`} label={i18n._(FIELD_LABELS[field])} error={error ?? null}>
      <SelectInput
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        options={[{ value: '', label: '—' }, ...choices]}
      />
    </FormField>
  );
}

function BaseFact({ field, value }: { field: LiftBaseField; value: string | null | undefined }) {
  const { i18n } = useLingui();
  const label = useBaseLabel(LIFT_BASE_FIELDS[field]);
  return (
    <Text data-testid={`lift-${field}`}>
      {i18n._(FIELD_LABELS[field])}: {value ? label(value) : '—'}
    </Text>
  );
}

/** The lift's base data fields with their labels in the user's language (lift page, overview). */
export function LiftBaseFacts({ lift }: { lift: Lift }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" fontSize="sm">
      {LIFT_BASE_FIELD_NAMES.map((field) => (
        <BaseFact key={field} field={field} value={lift[field]} />
      ))}
    </SimpleGrid>
  );
}
