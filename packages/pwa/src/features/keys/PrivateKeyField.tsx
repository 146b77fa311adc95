import { useId, useState } from 'react';
import { Field } from '../../components/Field';

/**
 * The private key input: hidden by default with a Show/Hide toggle, never autocompleted or
 * spell-checked (the browser must not keep or send it anywhere).
 */
export function PrivateKeyField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const toggle = (
    <button type="button" className="btn" aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
      {visible ? 'Hide' : 'Show'}
    </button>
  );
  return (
    <Field
      id={id}
      label="API wallet private key"
      hint="Shown once by Hyperliquid when you generate the API wallet. It is encrypted before it is stored and never shown again."
      error={error}
      addon={toggle}
    >
      <input
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
      />
    </Field>
  );
}
