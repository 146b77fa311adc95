import { useId, useState } from 'react';

/**
 * The private key input: hidden by default with a Show/Hide toggle, never autocompleted or
 * spell-checked (the browser must not keep or send it anywhere).
 */
export function PrivateKeyField({ value, onChange, error, disabled }: { value: string; onChange: (value: string) => void; error?: string; disabled?: boolean }) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        API wallet private key
      </label>
      <div className="input-group">
        <input
          id={id}
          className="input mono"
          type={visible ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="0x followed by 64 hexadecimal characters"
          required
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        <button type="button" className="btn" aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <p className="field__hint" id={hintId}>
        Shown once by Hyperliquid when you generate the API wallet. It is encrypted before it is stored and never shown again.
      </p>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
