/** The product mark: a hook in the brand's teal, with the name. */
export function Logo({ withName = true }: { withName?: boolean }) {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className="logo__tile" />
        <circle cx="39" cy="13" r="5" fill="none" className="logo__stroke" strokeWidth="4.5" />
        <path d="M39 18 V38 a11 11 0 0 1 -22 0 V33" fill="none" className="logo__stroke" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M17 31 l-5 6" fill="none" className="logo__stroke" strokeWidth="5" strokeLinecap="round" />
        <circle cx="50" cy="46" r="4" className="logo__dot" />
      </svg>
      {withName && <span className="logo__name">hyperhook</span>}
    </span>
  );
}
