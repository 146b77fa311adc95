import { useEffect, useState } from 'react';
import { copyText } from '../lib/copyText';
import { toast } from '../lib/toasts/toastStore';

/** "Copied!" stays for 2 seconds (spec §9). */
export const COPIED_FOR_MS = 2_000;

/** A button that copies `text` and says "Copied!" for 2 s before its label comes back. */
export function CopyButton({
  text,
  label = 'Copy',
  className = 'btn',
  disabled = false,
  describedBy,
}: {
  text: string;
  label?: string;
  className?: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
    } catch {
      toast({ variant: 'error', title: 'Could not copy', description: 'Select the text and copy it by hand.' });
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()} disabled={disabled} aria-describedby={describedBy}>
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </button>
  );
}
