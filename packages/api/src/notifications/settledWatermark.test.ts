import { describe, expect, it } from 'vitest';
import { createSettledWatermark } from './settledWatermark.js';

describe('settled watermark (issue 30, point 3: retries survive a restart)', () => {
  it('given a batch with a delivery still retrying and later batches done, when asked, then the checkpoint stays before the open batch until it is done', () => {
    // given
    const watermark = createSettledWatermark(10);
    const release = watermark.hold(20, watermark.advance(20));
    watermark.advance(30);
    const releaseLater = watermark.hold(40, watermark.advance(40));
    // then
    expect(watermark.position).toBe(10);
    releaseLater();
    expect(watermark.position).toBe(10);
    // when
    release();
    release(); // a second call changes nothing
    // then
    expect(watermark.position).toBe(40);
  });
});
