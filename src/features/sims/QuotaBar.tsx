import { Box, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SimLevel } from '../../../contract/schemas/sim';
import { numberFormat } from '../../data/i18n/intl-format';

/** The colour of the 20 % rule: enough, low, empty. */
export const LEVEL_PALETTE: Record<SimLevel, string> = { sufficient: 'green', low: 'orange', empty: 'red' };

export const formatMb = (value: number, locale: string) =>
  numberFormat(locale, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);

/**
 * A horizontal bar of `value` percent (null: not known yet, drawn as a moving stripe of 30 %);
 * the theme keeps only a few Chakra recipes, so it is drawn here.
 */
export function Bar({ value, palette, label }: { value: number | null; palette: string; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === null ? undefined : Math.round(value)}
      height="2"
      borderRadius="full"
      bg="bg.emphasized"
      overflow="hidden"
    >
      <Box
        height="full"
        width={`${value ?? 30}%`}
        minWidth={value ? '1' : '0'}
        borderRadius="full"
        bg={`${palette}.solid`}
        transition="width 0.3s"
      />
    </Box>
  );
}

/** A card's data quota: a bar coloured by the 20 % rule, and "60 of 500 MB left". */
export function QuotaBar({
  left,
  total,
  level,
}: {
  left: number | null;
  total: number | null;
  level: SimLevel | null;
}) {
  const { t, i18n } = useLingui();
  if (left === null || total === null || !level) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Not synced yet</Trans>
      </Text>
    );
  }
  const percent = total > 0 ? Math.max(0, Math.min(100, (left / total) * 100)) : 0;
  const leftText = formatMb(left, i18n.locale);
  const totalText = formatMb(total, i18n.locale);
  const percentText = numberFormat(i18n.locale, { maximumFractionDigits: 0 }).format(percent);
  return (
    <Stack gap="1" minWidth="32">
      <Bar
        value={percent}
        palette={LEVEL_PALETTE[level]}
        label={t`Data left: ${leftText} of ${totalText} MB`}
      />
      <Text fontSize="xs" color={level === 'sufficient' ? 'fg.muted' : `${LEVEL_PALETTE[level]}.fg`}>
        <Trans>
          {leftText} of {totalText} MB left ({percentText} %)
        </Trans>
      </Text>
    </Stack>
  );
}

/** "Enough", "Low volume", "Empty" as a short badge text. */
export function LevelText({ level }: { level: SimLevel }) {
  if (level === 'sufficient') return <Trans>Sufficient volume</Trans>;
  if (level === 'low') return <Trans>Low volume</Trans>;
  return <Trans>No data left</Trans>;
}
