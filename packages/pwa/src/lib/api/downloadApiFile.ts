import { apiFile } from './apiClient';

/**
 * Fetches a file of the api with the bearer token (a plain link could not carry it) and hands it to
 * the browser as a download, under the api's name else `fallbackName`. Answers the name saved.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<string> {
  const file = await apiFile(path);
  const name = file.filename ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the bytes to the browser's download; a moment later the URL can go.
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return name;
}
