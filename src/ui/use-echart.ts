import { type ECharts, init } from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An ECharts instance drawn on canvas in the element the caller renders (`element`), following its
 * size and disposed with it; the caller registers the charts it uses (`echarts.use`) and sets its
 * options on `chart.current`. Loaded only with the pages that draw charts.
 */
export function useEChart() {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  return { element, chart };
}
