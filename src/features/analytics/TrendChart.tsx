import { Box } from '@chakra-ui/react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '../../ui/use-echart';

// Only what the analytics charts use: bars, lines, axes, tooltip and legend on a canvas.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  values: number[];
  /** Second y axis (right), for a figure of another scale. */
  secondAxis?: boolean;
  colour: string;
}

/**
 * A chart of one or two figures over labelled points. It is a picture for sighted readers: the
 * page shows the same numbers as a table, so the canvas is hidden from screen readers.
 */
export function TrendChart({
  labels,
  series,
  height = 280,
  horizontal = false,
  formatNumber,
}: {
  labels: string[];
  series: ChartSeries[];
  height?: number;
  horizontal?: boolean;
  /** Numbers in the reader's language (ECharts itself writes them in English). */
  formatNumber: (value: number) => string;
}) {
  const { element, chart } = useEChart();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `chart` is a ref (useEChart)
  useEffect(() => {
    const category = { type: 'category' as const, data: labels, axisLabel: { hideOverlap: true } };
    const axisLabel = { formatter: (value: number) => formatNumber(value) };
    const values = series.some((s) => s.secondAxis)
      ? [
          { type: 'value' as const, axisLabel },
          { type: 'value' as const, axisLabel, splitLine: { show: false } },
        ]
      : [{ type: 'value' as const, axisLabel }];
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0 },
        tooltip: {
          trigger: 'axis',
          confine: true,
          valueFormatter: (value: unknown) => formatNumber(Number(value)),
        },
        xAxis: horizontal ? values : category,
        yAxis: horizontal ? { ...category, inverse: true } : values,
        series: series.map((s) => ({
          name: s.name,
          type: s.kind,
          data: s.values,
          itemStyle: { color: s.colour },
          ...(s.secondAxis ? { yAxisIndex: 1 } : {}),
          ...(s.kind === 'line' ? { smooth: true, symbolSize: 6 } : {}),
        })),
      },
      true,
    );
  }, [labels, series, horizontal, formatNumber]);

  return <Box ref={element} aria-hidden="true" width="full" height={`${height}px`} />;
}
