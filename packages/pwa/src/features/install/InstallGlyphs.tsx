/** An arrow into a tray: "install". Decorative (the button carries the name). */
export function InstallGlyph() {
  return (
    <svg
      className="install-glyph"
      viewBox="0 0 24 24"
      width={16}
      height={16}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v3h16v-3" />
    </svg>
  );
}

/** Safari's Share button (a box with an arrow up), so the instructions show what to look for. */
export function ShareGlyph() {
  return (
    <svg
      className="install-glyph"
      viewBox="0 0 24 24"
      width={16}
      height={16}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 15V3m0 0L8 7m4-4 4 4M8 11H6v10h12V11h-2" />
    </svg>
  );
}
