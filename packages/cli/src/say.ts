/** Where a role writes its human-readable lines (stderr, so stdout stays for data and JSON logs). */
export const say = (line: string): void => {
  process.stderr.write(`hyperhook: ${line}\n`);
};
