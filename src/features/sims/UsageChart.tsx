import { Box, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';

export interface UsageDay {
  /** YYYY-MM-DD */
  date: string;
  mb: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/**
 * Data usage a day as a small SVG bar chart (docs/sims.md), described for screen readers by its
 * title and the same figures in a visually hidden table.
 */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const max = Math.max(...days.map((day) => day.mb), 0);
  const total = days.reduce((sum, day) => sum + day.mb, 0);
  const format = (value: number) =>
    numberFormat(i18n.locale, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value);
  const dateText = (date: string) =>
    dateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const totalText = format(total);
  const maxText = format(max);
  const title = t`Data usage of the last ${days.length} days: ${totalText} MB in all, at most ${maxText} MB a day`;

  return (
    <Box>
      <Box as="figure" margin="0">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
          width="100%"
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', maxHeight: '220px' }}
        >
          <title id={titleId}>{title}</title>
          <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="currentColor" strokeOpacity="0.3" />
          {days.map((day, index) => {
            const height = max > 0 ? Math.max(day.mb > 0 ? 2 : 0, (day.mb / max) * (HEIGHT - 8)) : 0;
            return (
              <rect
                key={day.date}
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                rx="2"
                fill="var(--chakra-colors-blue-500)"
              >
                <title>{`${dateText(day.date)}: ${format(day.mb)} MB`}</title>
              </rect>
            );
          })}
          {days.length > 0 && (
            <>
              <text x="0" y={HEIGHT + 15} fontSize="12" fill="currentColor" fillOpacity="0.7">
                {dateText(days[0]?.date ?? '')}
              </text>
              <text
                x={WIDTH}
                y={HEIGHT + 15}
                fontSize="12"
                fill="currentColor"
                fillOpacity="0.7"
                textAnchor="end"
              >
                {dateText(days.at(-1)?.date ?? '')}
              </text>
            </>
          )}
        </svg>
        <Text as="figcaption" fontSize="sm" color="fg.muted" marginTop="1">
          <Trans>
            {totalText} MB in {days.length} days, at most {maxText} MB a day
          </Trans>
        </Text>
      </Box>
      <Table.Root size="sm" srOnly>
        <Table.Caption>
          <Trans>Data usage a day</Trans>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Date</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Data (MB)</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell>{dateText(day.date)}</Table.Cell>
              <Table.Cell>{format(day.mb)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
