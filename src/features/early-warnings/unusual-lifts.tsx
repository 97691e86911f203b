import { Badge, Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { earlyWarningsApi } from '../../../contract/api/early-warnings';
import type { EarlyWarning } from '../../../contract/schemas/early-warning';
import { useApiQuery } from '../../data/api/use-api';
import { useOnline } from '../../data/mirror/sync-status';
import { useWarningTexts } from './warning-texts';

/** What the lift list gets from the early warnings: a mark per lift, the filter's toggle and the filtered list. */
export interface UnusualLiftsFilter {
  /** The "unusual" mark of a lift; null when it is usual (or offline). */
  mark: (liftId: string) => ReactNode;
  /** The toggle "only unusual lifts"; disabled offline. */
  toggle: ReactNode;
  /** While the toggle is on: the unusual lifts, shown instead of the paged list. */
  filtered: ReactNode | null;
}

function UnusualBadge({ warnings }: { warnings: EarlyWarning[] }) {
  const { titles } = useWarningTexts();
  const reasons = warnings.map((w) => titles[w.rule]).join(', ');
  return (
    <Badge colorPalette="orange" variant="solid" title={reasons} data-testid="unusual-mark">
      <TriangleAlert aria-hidden="true" size={12} />
      <Trans>Unusual</Trans>
      <Text as="span" srOnly>
        : {reasons}
      </Text>
    </Badge>
  );
}

const NO_WARNINGS: EarlyWarning[] = [];

/** The lift list's mark and filter of unusual lifts (docs/early-warnings.md), online only. */
export function useUnusualLiftsFilter(): UnusualLiftsFilter {
  const { t } = useLingui();
  const online = useOnline();
  const [only, setOnly] = useState(false);
  const state = useApiQuery(earlyWarningsApi.list, online ? {} : null);
  const warnings = (online ? state.data?.warnings : undefined) ?? NO_WARNINGS;
  const byLift = useMemo(() => {
    const map = new Map<string, EarlyWarning[]>();
    for (const w of warnings) map.set(w.liftId, [...(map.get(w.liftId) ?? []), w]);
    return map;
  }, [warnings]);
  const active = only && online;
  const unusualCount = byLift.size;
  // The same function while the warnings stay: the list's rows render again only when it changes.
  const mark = useCallback(
    (liftId: string) => {
      const found = byLift.get(liftId);
      return found ? <UnusualBadge warnings={found} /> : null;
    },
    [byLift],
  );
  return {
    mark,
    toggle: (
      <Button
        variant={active ? 'solid' : 'outline'}
        colorPalette={active ? 'orange' : undefined}
        aria-pressed={active}
        disabled={!online}
        title={online ? undefined : t`Needs a connection`}
        onClick={() => setOnly(!only)}
      >
        <TriangleAlert aria-hidden="true" />
        <Trans>Unusual lifts ({unusualCount})</Trans>
      </Button>
    ),
    filtered: active ? <UnusualList byLift={byLift} loading={state.status === 'loading'} /> : null,
  };
}

function UnusualList({ byLift, loading }: { byLift: Map<string, EarlyWarning[]>; loading: boolean }) {
  const { t } = useLingui();
  const { titles } = useWarningTexts();
  if (!loading && byLift.size === 0) {
    return (
      <Text padding="6" textAlign="center" color="fg.muted">
        <Trans>No lift is unusual.</Trans>
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Unusual lifts`}>
      {[...byLift.entries()].map(([liftId, warnings]) => (
        <Box as="li" key={liftId} borderWidth="1px" borderRadius="l2" padding="3">
          <Stack gap="1">
            <Text fontWeight="semibold">
              <Link asChild colorPalette="blue">
                <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId }}>
                  {warnings[0]?.uid}
                </RouterLink>
              </Link>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {warnings[0]?.address}
            </Text>
            <Text fontSize="sm">{warnings.map((w) => titles[w.rule]).join(' · ')}</Text>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
