import { Badge } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  InspectionDueStatus,
  InspectionKind,
  InspectionResult,
} from '../../../contract/inspection-rules';

/** The kinds and results of inspections in the reader's language (German: the lift law's words). */
export function useInspectionLabels(): {
  kinds: Record<InspectionKind, string>;
  results: Record<InspectionResult, string>;
} {
  const { t } = useLingui();
  return {
    kinds: { main: t`Main inspection`, intermediate: t`Intermediate inspection`, other: t`Other inspection` },
    results: {
      none: t`No defects`,
      minor: t`Minor defects`,
      defects: t`Defects`,
      dangerous: t`Dangerous defects`,
    },
  };
}

const PALETTE: Record<InspectionDueStatus, string> = { ok: 'green', soon: 'orange', overdue: 'red' };

/** When an inspection falls due, as a badge. */
export function InspectionDueBadge({ status }: { status: InspectionDueStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant={status === 'ok' ? 'subtle' : 'solid'}>
      {status === 'ok' ? (
        <Trans>Not due</Trans>
      ) : status === 'soon' ? (
        <Trans>Due within 30 days</Trans>
      ) : (
        <Trans>Overdue</Trans>
      )}
    </Badge>
  );
}
