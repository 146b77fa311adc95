// The tables of `npm run bench:run` (scripts/benchRun.mjs): each row of a bench's output matched to
// the same row of the run before, whose figures go in one "before" column.

/** A row's name as both files spell it: without emphasis and the budget note the README leaves out. */
const nameOf = (cell) =>
  cell
    .replace(/\*\*/g, '')
    .replace(/, exchange budget raised$/, '')
    .trim();

/** A markdown table's line under its header: `|---|---:|`. */
export const isSeparator = (line) => /^\|[-:| ]+\|$/.test(line);

/**
 * Keys rows by name, a repeated name by its turn: a table may hold several rows of one name (the
 * same page under two throttlings, one row per seed), and each run prints them in the same order.
 */
export function rowKeys() {
  const seen = new Map();
  return (cell) => {
    const name = nameOf(cell);
    const turn = (seen.get(name) ?? 0) + 1;
    seen.set(name, turn);
    return turn === 1 ? name : `${name} #${turn}`;
  };
}

/** A table line's cells, trimmed. */
const cellsOf = (line) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

/** Whether line `i` of `lines` is a table's header: a row that starts its table, over its separator. */
const isHeaderAt = (lines, i) => lines[i]?.startsWith('|') === true && !(lines[i - 1] ?? '').startsWith('|') && isSeparator(lines[i + 1] ?? '');

/**
 * The markdown tables' rows of a text, by row key: the cells after the name. `withBefore`: the
 * text is a run of bench:run's own, whose last column (its own "before") is left out, so figures
 * are never nested a run deeper each time.
 */
export function rowsOf(text, { withBefore = false } = {}) {
  const rows = new Map();
  const keyOf = rowKeys();
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('|') || isSeparator(line) || isHeaderAt(lines, i)) continue;
    const cells = cellsOf(line);
    if (nameOf(cells[0] ?? '') === '') continue;
    const key = keyOf(cells[0] ?? '');
    if (!rows.has(key)) rows.set(key, cells.slice(1, withBefore ? -1 : undefined));
  }
  return rows;
}

/**
 * A bench's output as the run keeps it: its text and tables, each row with the figures its key
 * had `before`, under a last column named `label`. `keyOf` (one rowKeys() for the whole run) counts
 * the names across the benches as rowsOf counted them across the previous file.
 */
export function withBefore(output, before, label, keyOf) {
  const lines = output.split('\n').filter((line) => !line.startsWith('{') && !line.includes('oidc-provider WARNING'));
  return lines
    .map((line, i) => {
      if (!line.startsWith('|')) return line;
      if (isHeaderAt(lines, i)) return `${line} ${label} |`;
      if (isSeparator(line)) return `${line}---|`;
      const name = cellsOf(line)[0] ?? '';
      const was = nameOf(name) === '' ? undefined : before.get(keyOf(name));
      return `${line} ${was === undefined ? '' : was.join(' · ')} |`;
    })
    .join('\n')
    .trim();
}
