/** A table's header row: one column header per name, numeric ones right-aligned in tabular figures. */
export function TableHead({ columns, numeric }: { columns: readonly string[]; numeric: ReadonlySet<string> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={numeric.has(column) ? 'num' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
