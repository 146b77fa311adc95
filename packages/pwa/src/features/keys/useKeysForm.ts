import { useState, type FormEvent } from 'react';
import { checkKeysDraft, type KeysDraft, type KeysProblems } from './keysDraft';
import { useSaveKeys } from './useKeysActions';

/**
 * The keys form's draft and problems: the domain's rules run before anything is sent, then follow
 * the typing once a first attempt was made; the private key does not outlive an attempt.
 */
export function useKeysForm(initial: KeysDraft, onDone: () => void) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<KeysProblems | null>(null);
  const [checked, setChecked] = useState(false);
  const [joinedViaReferral, setJoinedViaReferral] = useState(false);
  const { save, saving } = useSaveKeys();

  const edit = (change: Partial<KeysDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    // After a first attempt, the messages follow the typing, so a fixed field clears at once.
    if (checked) {
      const check = checkKeysDraft(next);
      setProblems(check.ok ? null : check.problems);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const check = checkKeysDraft(draft);
    if (!check.ok) return setProblems(check.problems);
    setProblems(null);
    const result = await save(check.input, joinedViaReferral);
    // The private key does not outlive the attempt, whatever its outcome.
    setDraft((current) => ({ ...current, privateKey: '' }));
    if (result.ok) onDone();
    else setProblems(result.problems);
  };
  return { draft, problems, edit, submit, saving, joinedViaReferral, setJoinedViaReferral };
}
