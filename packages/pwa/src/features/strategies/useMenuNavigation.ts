import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** The items are read from the DOM at each key, so the list may change while the menu is open. */
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

/** Where a key moves the focus among `length` items from `at`, wrapping round; null for a key that moves nothing. */
function nextIndex(key: string, at: number, length: number): number | null {
  if (key === 'ArrowDown') return (at + 1) % length;
  if (key === 'ArrowUp') return (at - 1 + length) % length;
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  return null;
}

/**
 * The keyboard and pointer of the ARIA menu button pattern: on opening, the focus goes to the
 * checked item (else the first); arrows, Home and End move it; Escape closes and returns to the
 * button; Tab and a press outside the menu and its button close without taking the focus back.
 */
export function useMenuNavigation(onClose: (refocus?: boolean) => void, anchor: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    (ref.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? itemsOf(ref.current)[0])?.focus();
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [anchor, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const all = itemsOf(ref.current);
    const next = nextIndex(event.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (next !== null) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return { ref, onKeyDown };
}
