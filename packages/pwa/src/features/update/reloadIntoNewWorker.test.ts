import { describe, expect, it, vi } from 'vitest';
import { reloadIntoNewWorker, type WorkerContainer } from './reloadIntoNewWorker';

/** A service worker container with or without a waiting worker; `switchWorkers()` fires controllerchange. */
function container(waiting: boolean) {
  const target = new EventTarget();
  const fake: WorkerContainer = {
    getRegistration: async () => ({ waiting: waiting ? ({} as ServiceWorker) : null }) as ServiceWorkerRegistration,
    addEventListener: target.addEventListener.bind(target) as WorkerContainer['addEventListener'],
  };
  return { fake, switchWorkers: () => target.dispatchEvent(new Event('controllerchange')) };
}

describe("reloadIntoNewWorker (the update prompt's Reload)", () => {
  it('CARD-27: given a waiting worker, when Reload is chosen, then it is told to take over and the page reloads once it controls the page — also on a first visit, which the plugin would not reload', async () => {
    const { fake, switchWorkers } = container(true);
    const reload = vi.fn();
    const activate = vi.fn(async () => undefined);
    await reloadIntoNewWorker(activate, fake, reload);
    expect(activate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    switchWorkers();
    switchWorkers();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('CARD-27: given nothing waiting any more (another tab already switched), when Reload is chosen, then the page reloads at once', async () => {
    const { fake } = container(false);
    const reload = vi.fn();
    const activate = vi.fn(async () => undefined);
    await reloadIntoNewWorker(activate, fake, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(activate).not.toHaveBeenCalled();
  });
});
