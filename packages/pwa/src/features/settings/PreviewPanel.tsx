import { useId, type ReactNode } from 'react';

/** One figure of a preview: a label, the value (tabular figures) and an optional line under it. */
export interface PreviewFigure {
  readonly label: string;
  readonly value: ReactNode;
  readonly detail?: ReactNode;
}

/**
 * A preview beside a form section: its title, an optional action, a failure line (the balance
 * could not be loaded) and its figures. Changing texts are announced politely.
 */
export function PreviewPanel({
  title,
  action,
  failure,
  notice,
  figures,
}: {
  title: string;
  action?: ReactNode;
  failure?: string | null;
  notice?: ReactNode;
  figures?: readonly PreviewFigure[];
}) {
  const id = useId();
  return (
    <section className="preview" aria-labelledby={id}>
      <div className="preview__header">
        <h4 id={id} className="preview__title">
          {title}
        </h4>
        {action}
      </div>
      <div aria-live="polite">
        {failure !== undefined && failure !== null && <p className="notice notice--error">{failure}</p>}
        {notice}
      </div>
      {figures !== undefined && (
        <dl className="preview__figures">
          {figures.map((figure) => (
            <div key={figure.label} className="preview__figure">
              <dt>{figure.label}</dt>
              <dd className="num">{figure.value}</dd>
              {figure.detail !== undefined && <dd className="preview__detail">{figure.detail}</dd>}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
