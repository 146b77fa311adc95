import type { UTCTimestamp } from 'lightweight-charts';
import type { ChartMarker, ChartPoint } from './chartData';
import type { ChartColors } from './chartTheme';

/** Chart points as a series takes them: the time typed as the library's UTC seconds. */
export const seriesData = (points: readonly ChartPoint[]) => points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value }));

/** Markers as a series takes them, coloured by their tone in the theme's colours. */
export const seriesMarkers = (markers: readonly ChartMarker[], colors: ChartColors) =>
  markers.map((marker) => ({ ...marker, time: marker.time as UTCTimestamp, color: colors[marker.tone] }));
