/** What reloadIntoNewWorker needs of navigator.serviceWorker. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'getRegistration' | 'addEventListener'>;

/**
 * "Reload" of the update prompt: lets the waiting worker take over, then reloads into it.
 * vite-plugin-pwa reloads by itself only pages that already had a controller when they
 * registered, so the very visit that installed the first worker (controlled through
 * clients.claim()) would keep its old code and the prompt; so the reload is ours, on the switch.
 * When nothing waits any more (another tab already switched), the new worker is active: reload.
 */
export async function reloadIntoNewWorker(
  activate: () => Promise<void>,
  container: WorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const registration = await container.getRegistration();
  if (registration?.waiting == null) {
    reload();
    return;
  }
  container.addEventListener('controllerchange', () => reload(), { once: true });
  await activate();
}
