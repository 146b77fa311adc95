import { Field } from '../../../components/Field';
import type { GuardsDraft } from './guardsDraft';

type Direction = GuardsDraft['direction'];

/** Which way entries may go; exits are never held back, so a refused flip keeps the open position. */
export function DirectionField({ direction, error, onChange }: { direction: Direction; error: string | undefined; onChange: (direction: Direction) => void }) {
  return (
    <Field label="Direction" hint="Entries in both directions, or only one; a refused flip leaves the open position as it is." error={error}>
      <select className="select" value={direction} onChange={(e) => onChange(e.target.value as Direction)}>
        <option value="both">Long and short</option>
        <option value="long">Long only</option>
        <option value="short">Short only</option>
      </select>
    </Field>
  );
}
