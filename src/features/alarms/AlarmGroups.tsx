import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Check, ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { alarmSeverity, compareAlarms, severityRank } from '../../../contract/alarm-severity';
import type { Alarm, AlarmListItem } from '../../../contract/schemas/alarm';
import { useAlarmName } from '../../ui/alarm-name';
import { Checkbox } from '../../ui/Checkbox';
import { AlarmItem, SeverityBadge, useMayAcknowledge } from './AlarmItem';
import { openDuration } from './open-duration';

/** Alarms of one kind: one error code, or all offline, or all test alarms. */
interface AlarmGroup {
  key: string;
  alarms: AlarmListItem[];
}

// Each emergency call stays its own card: trapped passengers are never folded into a count.
const groupKey = (alarm: Alarm) =>
  alarm.kind === 'error'
    ? `error:${alarm.code}`
    : alarm.kind === 'emergencyCall'
      ? `emergencyCall:${alarm.id}`
      : alarm.kind;
const pending = (alarm: Alarm) => !alarm.closedAt && !alarm.acknowledgedAt;

/** Groups of one kind, most urgent first, each group's alarms most urgent and newest first. */
export function groupAlarms(alarms: readonly AlarmListItem[]): AlarmGroup[] {
  const groups = new Map<string, AlarmListItem[]>();
  for (const alarm of [...alarms].sort(compareAlarms)) {
    const key = groupKey(alarm);
    groups.set(key, [...(groups.get(key) ?? []), alarm]);
  }
  return [...groups.entries()]
    .map(([key, list]) => ({ key, alarms: list }))
    .sort((a, b) => {
      const first = (g: AlarmGroup) => g.alarms[0] as AlarmListItem;
      return compareAlarms(first(a), first(b));
    });
}

/**
 * The alarms page's list (docs/alarms.md#on-the-alarms-page): one line per kind when several
 * alarms share it, with their count and the longest open, expandable to the single alarms; a
 * checkbox on each alarm and on each group selects them for acknowledging at once.
 */
export function AlarmGroups({
  alarms,
  selected,
  onSelect,
  onChanged,
  onAcknowledge,
}: {
  alarms: readonly AlarmListItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  onChanged: (alarm: Alarm) => void;
  onAcknowledge: (ids: readonly string[]) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack as="ul" gap="3" padding="0" margin="0" aria-label={t`Alarms`}>
      {groupAlarms(alarms).map((group) =>
        group.alarms.length === 1 ? (
          <AlarmItem
            key={group.key}
            alarm={group.alarms[0] as AlarmListItem}
            showLift
            onChanged={onChanged}
            selected={selected.has((group.alarms[0] as AlarmListItem).id)}
            onSelect={(on) => onSelect([(group.alarms[0] as AlarmListItem).id], on)}
          />
        ) : (
          <GroupLine
            key={group.key}
            group={group}
            selected={selected}
            onSelect={onSelect}
            onChanged={onChanged}
            onAcknowledge={onAcknowledge}
          />
        ),
      )}
    </Stack>
  );
}

function GroupLine({
  group,
  selected,
  onSelect,
  onChanged,
  onAcknowledge,
}: {
  group: AlarmGroup;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  onChanged: (alarm: Alarm) => void;
  onAcknowledge: (ids: readonly string[]) => void;
}) {
  const { t, i18n } = useLingui();
  const name = useAlarmName();
  const mayAcknowledge = useMayAcknowledge();
  const [expanded, setExpanded] = useState(false);
  const first = group.alarms[0] as AlarmListItem;
  const severity = alarmSeverity(
    group.alarms.reduce((most, alarm) =>
      severityRank(alarmSeverity(alarm)) > severityRank(alarmSeverity(most)) ? alarm : most,
    ),
  );
  const count = group.alarms.length;
  const open = group.alarms.filter(pending);
  const oldest = open.reduce<AlarmListItem | null>(
    (old, alarm) => (old === null || alarm.openedAt < old.openedAt ? alarm : old),
    null,
  );
  const allSelected = open.length > 0 && open.every((alarm) => selected.has(alarm.id));
  const listId = `alarm-group-${group.key.replace(':', '-')}`;
  const groupName = name(first);
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderColor={open.length > 0 ? 'border.error' : undefined}
      data-testid="alarm-group"
      data-group={group.key}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <HStack gap="2" align="center">
            {mayAcknowledge && open.length > 0 && (
              <Checkbox
                checked={allSelected}
                onChange={(event) =>
                  onSelect(
                    open.map((alarm) => alarm.id),
                    event.target.checked,
                  )
                }
                aria-label={t`Select all ${count} alarms: ${groupName}`}
              />
            )}
            <Text fontWeight="semibold">
              {groupName} · <Plural value={count} one="# alarm" other="# alarms" />
            </Text>
          </HStack>
          <SeverityBadge severity={severity} />
        </HStack>
        {oldest && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              {open.length} not acknowledged, the oldest open for {openDuration(i18n.locale, oldest.openedAt)}
            </Trans>
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            {expanded ? <Trans>Hide the alarms</Trans> : <Trans>Show the alarms</Trans>}
          </Button>
          {mayAcknowledge && open.length > 0 && (
            <Button size="sm" colorPalette="red" onClick={() => onAcknowledge(open.map((alarm) => alarm.id))}>
              <Check aria-hidden="true" />
              <Trans>Acknowledge all {open.length}</Trans>
            </Button>
          )}
        </HStack>
        {expanded && (
          <Stack as="ul" id={listId} gap="2" padding="0" margin="0" aria-label={groupName}>
            {group.alarms.map((alarm) => (
              <AlarmItem
                key={alarm.id}
                alarm={alarm}
                showLift
                onChanged={onChanged}
                selected={selected.has(alarm.id)}
                onSelect={(on) => onSelect([alarm.id], on)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
