import { Field } from '../../components/Field';

/** A paper strategy's starting balance, as typed: the api checks the range and its refusal shows here. */
export function PaperBalanceField({ balance, error, onChange }: { balance: string; error: string | null; onChange: (balance: string) => void }) {
  return (
    <Field label="Starting balance (USDC)" hint="From 100 to 10,000,000 USDC. You can reset it later." error={error}>
      <input className="input num" type="text" inputMode="decimal" value={balance} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}
