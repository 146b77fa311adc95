import type { ReactNode } from 'react';

/** A titled panel; `actions` sit at the right of the title. */
export function Card({
  title,
  subtitle,
  actions,
  children,
  className = '',
  headingLevel = 2,
  id,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`card ${className}`} aria-labelledby={title !== undefined && id !== undefined ? `${id}-title` : undefined}>
      {(title !== undefined || actions !== undefined) && (
        <header className="card__header">
          <div>
            {title !== undefined && (
              <Heading className="card__title" id={id !== undefined ? `${id}-title` : undefined}>
                {title}
              </Heading>
            )}
            {subtitle !== undefined && <p className="card__subtitle">{subtitle}</p>}
          </div>
          {actions !== undefined && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
