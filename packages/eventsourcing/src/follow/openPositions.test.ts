import { describe, expect, it } from 'vitest';
import { OpenPositions } from './openPositions.js';

describe('OpenPositions: the checkpoint of a follower whose work finishes out of order (issue 29, point 7; issue 40, point 2)', () => {
  it('given three positions taken, when the later two finish first, then the watermark stays just before the first', () => {
    const positions = new OpenPositions(0);
    for (const position of [3, 5, 8]) positions.take(position);
    positions.scannedTo(9);

    positions.finish(8);
    positions.finish(5);

    expect(positions.watermark()).toBe(2);
    expect(positions.open).toBe(1);
  });

  it('given every taken position finished, then the watermark is as far as the log was scanned', () => {
    const positions = new OpenPositions(0);
    positions.take(3);
    positions.take(5);
    positions.scannedTo(9);

    positions.finish(5);
    positions.finish(3);

    expect(positions.watermark()).toBe(9);
  });

  it('given a position held back, when everything after it finishes, then the watermark stays before it and it no longer counts as open', () => {
    const positions = new OpenPositions(0);
    positions.take(3);
    positions.take(5);
    positions.scannedTo(9);

    positions.finish(5);
    positions.holdBack(3);

    expect(positions.watermark()).toBe(2);
    expect(positions.open).toBe(0);
  });

  it('given nothing taken, then the watermark is where it started', () => {
    expect(new OpenPositions(42).watermark()).toBe(42);
  });

  it('given a position taken, when a lower one is taken after it, then it is refused: the watermark relies on log order', () => {
    const positions = new OpenPositions(0);
    positions.take(5);
    expect(() => positions.take(4)).toThrow(RangeError);
  });

  it('issue 40, point 2: given one event with two pieces of work (a notice to two channels), when one finishes, then the watermark stays before it until the other does', () => {
    // given
    const positions = new OpenPositions(10);
    positions.take(12);
    positions.take(12);
    positions.scannedTo(20);
    // when
    positions.finish(12);
    // then
    expect(positions.watermark()).toBe(11);
    expect(positions.open).toBe(1);
    positions.finish(12);
    positions.finish(12); // a second report of the same piece changes nothing
    expect(positions.watermark()).toBe(20);
    expect(positions.open).toBe(0);
  });

  it('issue 30, point 3 (retries survive a restart): given a delivery still retrying and later ones done, then the checkpoint stays before the open one until it is done with, then reaches the last batch', () => {
    // given
    const positions = new OpenPositions(10);
    positions.take(20);
    positions.scannedTo(20);
    positions.scannedTo(30);
    positions.take(40);
    positions.scannedTo(40);
    // then
    expect(positions.watermark()).toBe(19);
    positions.finish(40);
    expect(positions.watermark()).toBe(19);
    // when
    positions.finish(20);
    positions.finish(20); // a second report changes nothing
    // then
    expect(positions.watermark()).toBe(40);
  });
});
