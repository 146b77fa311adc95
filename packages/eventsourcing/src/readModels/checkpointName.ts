/**
 * The checkpoint of projector `name` for one read-model generation. Each generation has its own
 * checkpoint, so a rebuild into generation N+1 can run from 0 while the live projector keeps
 * generation N current, and switching generations also switches the position to resume from.
 */
export function checkpointName(name: string, generation: number): string {
  return `${name}@g${generation}`;
}
