import { Card, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProjectState } from '../../../contract/project-transitions';
import type { ProjectDocument, ProjectFieldChange } from '../../../contract/schemas/project';
import { FIELD_LABELS, formatCents, STATE_LABELS } from './project-labels';

/** An edit's changed fields: texts and the total as old → new, lists by name (docs/projects.md). */
function FieldChanges({ changes }: { changes: readonly ProjectFieldChange[] }) {
  const { i18n } = useLingui();
  const value = (field: string, text: string) =>
    field === 'totalCents' ? formatCents(Number(text), i18n.locale) : text === '' ? '—' : `"${text}"`;
  return changes.map((change, index) => {
    const label = FIELD_LABELS[change.field];
    return (
      <Text as="span" key={change.field} data-testid="history-change">
        {index === 0 ? ': ' : '; '}
        {label ? i18n._(label) : change.field}
        {change.from !== undefined &&
          change.to !== undefined &&
          ` ${value(change.field, change.from)} → ${value(change.field, change.to)}`}
      </Text>
    );
  });
}

/** The project's history, newest first: who created, changed, mailed or moved it, and when. */
export function ProjectHistoryCard({ history }: { history: ProjectDocument['history'] }) {
  const { i18n } = useLingui();
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>History</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack as="ol" gap="1" listStyleType="none">
          {[...history].reverse().map((entry) => (
            <Text as="li" key={`${entry.at}-${entry.action}-${entry.to ?? ''}`} fontSize="sm">
              <Text as="span" color="fg.muted">
                {new Date(entry.at).toLocaleString(i18n.locale)}
              </Text>{' '}
              {entry.userName ?? '—'}: {entry.action === 'created' && <Trans>created the project</Trans>}
              {entry.action === 'edited' && <Trans>changed the project</Trans>}
              {entry.action === 'edited' && entry.changes && <FieldChanges changes={entry.changes} />}
              {entry.action === 'offerMailed' && <Trans>mailed the offer</Trans>}
              {entry.action === 'orderMailed' && <Trans>ordered; the confirmation was mailed</Trans>}
              {entry.action === 'state' && entry.from && entry.to && (
                <Trans>
                  {i18n._(STATE_LABELS[entry.from as ProjectState])} →{' '}
                  {i18n._(STATE_LABELS[entry.to as ProjectState])}
                </Trans>
              )}
            </Text>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
