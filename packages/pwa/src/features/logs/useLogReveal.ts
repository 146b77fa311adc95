import { useEffect, useRef } from 'react';

/**
 * A deep-linked log's row brought into view and its Details button focused, once: `onRevealed`
 * clears the request, so a later render does not pull the page back to it.
 */
export function useLogReveal(reveal: boolean, onRevealed: () => void) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!reveal) return;
    rowRef.current?.scrollIntoView?.({ block: 'center' });
    buttonRef.current?.focus({ preventScroll: true });
    onRevealed();
  }, [reveal, onRevealed]);

  return { rowRef, buttonRef };
}
