import { describe, expect, it } from 'vitest';
import { isIosSafari } from './platform';

describe('isIosSafari (Add to Home Screen instructions)', () => {
  it('given iPhone Safari and iPadOS Safari (which reports a Mac with touch), then true; Chrome on iOS, Android and desktop Safari, then false', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const chromeIos = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    expect([isIosSafari(iphone, 5), isIosSafari(ipad, 5), isIosSafari(chromeIos, 5), isIosSafari(android, 5), isIosSafari(ipad, 0)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
