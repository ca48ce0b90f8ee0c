import { useEffect, useRef } from 'react';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import {
  axisLabel,
  chartSummary,
  chronological,
  formatCount,
  periodLabel,
  type StatRow,
  type StatsPeriod,
} from './stats-model.ts';

// Only what a bar chart with axes and a tooltip needs: the rest of ECharts stays out of the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type ChartOption = echarts.ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption
>;

const NAVY = '#0f2742';
const MUTED = '#4a5563';

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** The bars, oldest period on the left. */
export function chartOption(rows: readonly StatRow[]): ChartOption {
  const ordered = chronological(rows);
  return {
    animation: !reducedMotion(),
    aria: { enabled: false },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const [first] = Array.isArray(params) ? params : [params];
        const row = ordered[first?.dataIndex ?? 0];
        return row ? `${periodLabel(row.period)} : ${formatCount(row.visits)} visites` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: ordered.map((row) => axisLabel(row.period)),
      axisLabel: { color: MUTED, hideOverlap: true },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: MUTED },
    },
    series: [
      {
        name: 'Visites',
        type: 'bar',
        data: ordered.map((row) => row.visits),
        itemStyle: { color: NAVY, borderRadius: [3, 3, 0, 0] },
        barMaxWidth: 48,
      },
    ],
  };
}

/**
 * The 'Évolution des visites' bar chart. For assistive technologies it is one image whose label
 * sums it up; the table below it gives every value.
 */
export function StatsChart({ period, rows }: { period: StatsPeriod; rows: readonly StatRow[] }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance.resize()) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(rows), { notMerge: true });
  }, [rows]);

  return (
    <div
      ref={container}
      className="stats-chart__canvas"
      role="img"
      aria-label={chartSummary(period, rows)}
      data-bars={rows.length}
    />
  );
}
