import { Box } from '@chakra-ui/react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import type { EarlyWarningPoint } from '../../../contract/schemas/early-warning';
import { useEChart } from '../../ui/use-echart';

// Only what the band chart uses: lines and areas, axes, tooltip and legend on a canvas.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface WarningChartLabels {
  value: string;
  expected: string;
  band: string;
  flagged: string;
}

const BAND = '#93c5fd';
const VALUE = '#1d4ed8';
const EXPECTED = '#64748b';
const FLAGGED = '#dc2626';

/**
 * A rule's daily series, its baseline and the band it may move in without a warning (the band's
 * lower edge stacked with its width, so the area between them is filled); flagged days in red.
 * A picture for sighted readers: the section beside it has the same numbers as a table.
 */
export function WarningChart({
  points,
  labels,
  dayLabel,
  formatNumber,
}: {
  points: EarlyWarningPoint[];
  labels: WarningChartLabels;
  dayLabel: (day: string) => string;
  formatNumber: (value: number) => string;
}) {
  const { element, chart } = useEChart();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `chart` is a ref (useEChart)
  useEffect(() => {
    const gap = (value: number | null) => (value === null ? '-' : value);
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
        legend: { top: 0, data: [labels.value, labels.expected, labels.band] },
        tooltip: {
          trigger: 'axis',
          confine: true,
          valueFormatter: (value: unknown) => (typeof value === 'number' ? formatNumber(value) : '–'),
        },
        xAxis: {
          type: 'category',
          data: points.map((p) => dayLabel(p.day)),
          axisLabel: { hideOverlap: true },
        },
        yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatNumber(value) } },
        series: [
          {
            name: labels.band,
            type: 'line',
            stack: 'band',
            data: points.map((p) => gap(p.low)),
            lineStyle: { opacity: 0 },
            symbol: 'none',
            tooltip: { show: false },
          },
          {
            name: labels.band,
            type: 'line',
            stack: 'band',
            data: points.map((p) => (p.low === null || p.high === null ? '-' : p.high - p.low)),
            lineStyle: { opacity: 0 },
            areaStyle: { color: BAND, opacity: 0.45 },
            itemStyle: { color: BAND },
            symbol: 'none',
            tooltip: { show: false },
          },
          {
            name: labels.expected,
            type: 'line',
            data: points.map((p) => gap(p.expected)),
            lineStyle: { type: 'dashed', color: EXPECTED },
            itemStyle: { color: EXPECTED },
            symbol: 'none',
          },
          {
            name: labels.value,
            type: 'line',
            data: points.map((p) =>
              p.value === null
                ? '-'
                : {
                    value: p.value,
                    itemStyle: { color: p.flagged ? FLAGGED : VALUE },
                    symbolSize: p.flagged ? 9 : 4,
                  },
            ),
            lineStyle: { color: VALUE, width: 2 },
            itemStyle: { color: VALUE },
          },
        ],
      },
      true,
    );
  }, [points, labels, dayLabel, formatNumber]);

  return (
    <Box ref={element} aria-hidden="true" width="full" height="260px" data-testid="early-warning-chart" />
  );
}
