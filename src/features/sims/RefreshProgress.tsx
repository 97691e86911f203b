import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SimRefreshState } from '../../../contract/schemas/sim';
import { Bar } from './QuotaBar';

/** The running refresh's progress, or how the last one failed. */
export function RefreshProgress({ refresh }: { refresh: SimRefreshState }) {
  const { t } = useLingui();
  const running = refresh.running;
  if (!running && !refresh.error) return null;
  const percent = refresh.total > 0 ? Math.round((refresh.done / refresh.total) * 100) : null;
  return (
    <Stack gap="1" role="status">
      {running && <Bar value={percent} palette="blue" label={t`Refreshing the SIM cards`} />}
      <Text fontSize="sm" color={refresh.error ? 'fg.error' : 'fg.muted'}>
        {running
          ? refresh.total > 0
            ? t`Refreshing: ${refresh.done} of ${refresh.total} cards`
            : t`Refreshing: reading the card list…`
          : refresh.error}
      </Text>
    </Stack>
  );
}
