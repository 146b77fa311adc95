import { useEffect, useRef } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useThemeStore } from '../../lib/theme/themeStore';
import { readChartColors } from './chartTheme';
import { drawEquityChart, type EquityChartData } from './drawEquityChart';

/**
 * The equity chart's canvas: its own chunk (loaded lazily by EquityChartCard), so the chart library
 * is downloaded only when a Performance view has a curve to draw. Recoloured when the theme changes.
 */
export default function EquityChart({ data }: { data: EquityChartData }) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<ReturnType<typeof drawEquityChart> | null>(null);
  const theme = useThemeStore((state) => state.theme);
  const systemLight = useMediaQuery('(prefers-color-scheme: light)');

  useEffect(() => {
    if (container.current === null) return;
    const chart = drawEquityChart(container.current, data, readChartColors());
    drawn.current = chart;
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, [data]);

  useEffect(() => {
    // The tokens change with the theme's data attribute (set by the toggle's own effect) and the
    // system's scheme: read them again once this render's effects have all run.
    const frame = requestAnimationFrame(() => drawn.current?.applyColors(readChartColors()));
    return () => cancelAnimationFrame(frame);
  }, [theme, systemLight]);

  return <div ref={container} className="equity-chart" data-testid="equity-chart" />;
}
