/** A count with its noun, as people write it: "1 alert", "1,500 alerts" (en-US digits). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
