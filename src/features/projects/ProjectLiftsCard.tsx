import { Box, Card, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CABLE_STATUSES,
  type CableStatus,
  type ProjectDocument,
  projectLiftKey,
} from '../../../contract/schemas/project';
import { useBaseLabel } from '../../data/lookups/use-base-entries';
import { FormField } from '../../ui/FormField';
import { SelectInput } from '../../ui/SelectInput';
import { CABLE_LABELS } from './project-labels';

/** The lifts the project names, each with its cable status (chosen by staff, read by the customer). */
export function ProjectLiftsCard({
  lifts,
  cables,
  staff,
  onCable,
}: {
  lifts: ProjectDocument['lifts'];
  cables: Record<string, CableStatus>;
  staff: boolean;
  onCable: (key: string, status: CableStatus) => void;
}) {
  const { t, i18n } = useLingui();
  const driveLabel = useBaseLabel('driveType');
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>Lifts and cables</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {lifts.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            <Trans>No lifts named.</Trans>
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {lifts.map((lift, index) => {
              const key = projectLiftKey(lift, index);
              const status = cables[key] ?? 'notInstalled';
              return (
                <Box as="li" key={key}>
                  <Text fontSize="sm" fontWeight="medium">
                    {lift.label ??
                      (lift.liftId
                        ? t`Existing lift ${lift.liftId.slice(0, 8)}`
                        : t`New lift: ${lift.stops ?? '?'} stops, ${lift.loadKg ?? '?'} kg`)}
                    {lift.driveType ? ` · ${driveLabel(lift.driveType)}` : ''}
                  </Text>
                  {staff ? (
                    <FormField id={`cable-${key}`} label={t`Cable status`}>
                      <SelectInput
                        value={status}
                        onChange={(event) => onCable(key, event.target.value as CableStatus)}
                        options={CABLE_STATUSES.map((value) => ({
                          value,
                          label: i18n._(CABLE_LABELS[value]),
                        }))}
                      />
                    </FormField>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      <Trans>Cable status</Trans>: {i18n._(CABLE_LABELS[status])}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
