import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      clicked {count}
    </button>
  );
}

const withFallback = (element: React.ReactNode) => <Suspense fallback={<p>Loading...</p>}>{element}</Suspense>;

describe('lazyScreen', () => {
  it('given code loaded ahead, when the screen first renders, then it shows at once, never its fallback', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Counter }));
    await Screen.load();
    render(withFallback(<Screen />));
    // Synchronously after the first render: no Suspense round.
    expect(screen.getByRole('button')).toHaveTextContent('clicked 0');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('given code not loaded yet, when the screen renders, then the fallback until it arrives, then the screen; one download for the preload and the render', async () => {
    let downloads = 0;
    let arrive: (module: { default: typeof Counter }) => void = () => undefined;
    const Screen = lazyScreen(() => {
      downloads += 1;
      return new Promise<{ default: typeof Counter }>((resolve) => (arrive = resolve));
    });
    const ahead = Screen.load();
    render(withFallback(<Screen />));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => {
      arrive({ default: Counter });
      await ahead;
    });
    expect(await screen.findByRole('button')).toHaveTextContent('clicked 0');
    expect(downloads).toBe(1);
  });

  it('given a screen mounted before its code arrived, when it re-renders after, then it keeps its state (no remount)', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Counter }));
    const { rerender } = render(withFallback(<Screen />));
    const button = await screen.findByRole('button');
    await act(async () => button.click());
    rerender(withFallback(<Screen />));
    expect(screen.getByRole('button')).toHaveTextContent('clicked 1');
  });

  it('given a download that failed, when asked again, then it downloads again', async () => {
    let attempts = 0;
    const Screen = lazyScreen(() =>
      ++attempts === 1 ? Promise.reject<{ default: typeof Counter }>(new TypeError('offline')) : Promise.resolve({ default: Counter }),
    );
    await expect(Screen.load()).rejects.toThrow('offline');
    await expect(Screen.load()).resolves.toEqual({ default: Counter });
    expect(attempts).toBe(2);
  });
});
