/** Line icons (24×24, currentColor) for the tab bar and buttons; decorative, so hidden from screen readers. */
const PATHS = {
  webhook: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  key: 'M15 7a4 4 0 1 1-3.87 5H9v2H7v2H4v-3l5.13-5.13A4 4 0 0 1 15 7zm1 1.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  logs: 'M4 5h16M4 10h16M4 15h10M4 20h7',
  positions: 'M4 19V9m5 10V5m5 14v-7m5 7V8',
  settings:
    'M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19.4 13a7.8 7.8 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-1.7-1L15 3.5h-4l-.3 2.5a7.6 7.6 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.8 7.8 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 1.7 1l.3 2.5h4l.3-2.5a7.6 7.6 0 0 0 1.7-1l2.4 1 2-3.4-2-1.6z',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zm4 4a2 2 0 0 0 4 0',
  pause: 'M9 5v14M15 5v14',
  history: 'M3 12a9 9 0 1 0 2.6-6.4M3 4v4h4M12 7v5l3 2',
  /** A rising line over an axis: "performance". */
  chart: 'M4 4v16h16M7 15l4-4 3 3 5-6',
  /** An arrow into a tray: "install". */
  install: 'M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v3h16v-3',
  /** Safari's Share button (a box with an arrow up), so install help shows what to look for. */
  share: 'M12 15V3m0 0L8 7m4-4 4 4M8 11H6v10h12V11h-2',
  chevronDown: 'm6 9 6 6 6-6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  const filled = name === 'webhook' || name === 'key';
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
