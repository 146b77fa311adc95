import type { ReactNode } from 'react';
import { Card } from '../../components/Card';

/** One section of the settings form: its fields, and beside them (below on phones) the preview that follows them. */
export function SettingsSection({ title, preview, children }: { title: string; preview: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} headingLevel={3}>
      <div className="settings-section">
        <div className="form-grid">{children}</div>
        {preview}
      </div>
    </Card>
  );
}
