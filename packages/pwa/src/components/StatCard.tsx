import type { ReactNode } from 'react';

/** One summary figure: a label, the value (tabular figures) and a line under it. */
export function StatCard({ label, value, detail, tone }: { label: string; value: ReactNode; detail?: ReactNode; tone?: 'good' | 'warn' | 'bad' }) {
  return (
    <div className="stat">
      <p className="stat__label">{label}</p>
      <p className={`stat__value num${tone !== undefined ? ` tone-${tone}` : ''}`}>{value}</p>
      {detail !== undefined && <p className="stat__detail">{detail}</p>}
    </div>
  );
}
