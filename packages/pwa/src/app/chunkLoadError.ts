/**
 * Whether an error is a chunk of an older build that is no longer on the server: a page opened
 * before a deploy lazily loads a screen whose file the new release replaced. Each browser words
 * the failed dynamic import its own way; Vite's CSS preload and webpack-style names count too.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i.test(
    error.message,
  );
}
