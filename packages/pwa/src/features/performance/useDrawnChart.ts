import { useEffect, useRef } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useThemeStore } from '../../lib/theme/themeStore';
import { readChartColors, type ChartColors } from './chartTheme';

/** A chart drawn into a container: recoloured when the theme changes, removed on unmount. */
export interface DrawnChart {
  applyColors(colors: ChartColors): void;
  remove(): void;
}

/**
 * Draws `data` with `draw` into the returned container, again when the data change, and recolours
 * it when the theme or the system's scheme does: the charts' shared life cycle.
 */
export function useDrawnChart<Data>(data: Data, draw: (container: HTMLElement, data: Data, colors: ChartColors) => DrawnChart) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);
  const theme = useThemeStore((state) => state.theme);
  const systemLight = useMediaQuery('(prefers-color-scheme: light)');

  useEffect(() => {
    if (container.current === null) return;
    const chart = draw(container.current, data, readChartColors());
    drawn.current = chart;
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, [data, draw]);

  useEffect(() => {
    // The tokens change with the theme's data attribute (set by the toggle's own effect) and the
    // system's scheme: read them again once this render's effects have all run.
    const frame = requestAnimationFrame(() => drawn.current?.applyColors(readChartColors()));
    return () => cancelAnimationFrame(frame);
  }, [theme, systemLight]);

  return container;
}
