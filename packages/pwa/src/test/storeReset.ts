import type * as Zustand from 'zustand';

/** How to put back each store made in this test file: the setup runs them all after every test. */
const resets = new Set<() => void>();

/** Every zustand store back to the state it was made with (a persisted one writes it to its storage too). */
export function resetAllStores(): void {
  for (const reset of resets) reset();
}

function remembered<S extends Zustand.StoreApi<unknown>>(store: S): S {
  const initial = store.getInitialState();
  resets.add(() => store.setState(initial, true));
  return store;
}

/**
 * zustand as the PWA's tests import it (the testing recipe of zustand's docs, mocked in
 * setup.ts): the real module, but `create` and `createStore` remember each store they make, so
 * resetAllStores reaches every store — one added later included — without a list to keep.
 */
export function resettableZustand(actual: typeof Zustand): typeof Zustand {
  const create = ((creator?: Zustand.StateCreator<unknown>) =>
    creator === undefined
      ? (later: Zustand.StateCreator<unknown>) => remembered(actual.create(later))
      : remembered(actual.create(creator))) as typeof actual.create;
  const createStore = ((creator?: Zustand.StateCreator<unknown>) =>
    creator === undefined
      ? (later: Zustand.StateCreator<unknown>) => remembered(actual.createStore(later))
      : remembered(actual.createStore(creator))) as typeof actual.createStore;
  return { ...actual, create, createStore };
}
