import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

/**
 * A labelled form control with its hint and error, wired for screen readers: the control gets the
 * id, `aria-describedby` and `aria-invalid`. An `addon` (a button beside the control) shares its
 * row; give `id` when the addon refers to the control.
 */
export function Field({
  label,
  hint,
  error,
  addon,
  id: givenId,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  addon?: ReactNode;
  id?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined });
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {addon === undefined ? (
        control
      ) : (
        <div className="input-group">
          {control}
          {addon}
        </div>
      )}
      {hint !== undefined && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
