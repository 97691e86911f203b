import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { MaintenanceReason, MaintenanceStatus } from '../../../contract/maintenance';
import { dateTimeFormat } from '../../data/i18n/intl-format';

const PALETTE: Record<MaintenanceStatus, string> = { ok: 'green', due: 'orange', overdue: 'red' };

/** The maintenance state of a lift as a badge. */
export function DueBadge({ status }: { status: MaintenanceStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant={status === 'ok' ? 'subtle' : 'solid'}>
      {status === 'ok' ? (
        <Trans>Not due</Trans>
      ) : status === 'due' ? (
        <Trans>Due soon</Trans>
      ) : (
        <Trans>Overdue</Trans>
      )}
    </Badge>
  );
}

/** Which limit of the plan comes first. */
export function ReasonText({ reason }: { reason: MaintenanceReason }) {
  return reason === 'trips' ? (
    <Trans>by trips</Trans>
  ) : reason === 'hours' ? (
    <Trans>by operating hours</Trans>
  ) : (
    <Trans>by the calendar</Trans>
  );
}

/** A `YYYY-MM-DD` day in the reader's language. */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
