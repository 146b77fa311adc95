import { describe, expect, it } from 'vitest';
import { OpenPositions } from './openPositions.js';

describe('OpenPositions: the checkpoint of a follower whose work finishes out of order (issue 29, point 7; issue 40, point 2)', () => {
  it('given three positions taken, when the later two finish first, then the watermark stays just before the first', () => {
    const positions = new OpenPositions(0);
    const [, five, eight] = [3, 5, 8].map((position) => positions.take(position));
    positions.scannedTo(9);

    eight?.finish();
    five?.finish();

    expect(positions.watermark()).toBe(2);
    expect(positions.open).toBe(1);
  });

  it('given every taken position finished, then the watermark is as far as the log was scanned', () => {
    const positions = new OpenPositions(0);
    const three = positions.take(3);
    const five = positions.take(5);
    positions.scannedTo(9);

    five.finish();
    three.finish();

    expect(positions.watermark()).toBe(9);
  });

  it('given a position held back, when everything after it finishes, then the watermark stays before it and it no longer counts as open', () => {
    const positions = new OpenPositions(0);
    const three = positions.take(3);
    const five = positions.take(5);
    positions.scannedTo(9);

    five.finish();
    three.holdBack();

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
    const first = positions.take(12);
    const second = positions.take(12);
    positions.scannedTo(20);
    // when
    first.finish();
    first.finish(); // a second report of the same piece changes nothing: the other is still open
    // then
    expect(positions.watermark()).toBe(11);
    expect(positions.open).toBe(1);
    second.finish();
    expect(positions.watermark()).toBe(20);
    expect(positions.open).toBe(0);
  });

  it('issue 40, point 2: given a piece finished, when it is then reported held back, then it stays finished: a piece ends once', () => {
    const positions = new OpenPositions(0);
    const piece = positions.take(7);
    positions.scannedTo(9);

    piece.finish();
    piece.holdBack();

    expect(positions.watermark()).toBe(9);
    expect(positions.open).toBe(0);
  });

  it('issue 30, point 3 (retries survive a restart): given a delivery still retrying and later ones done, then the checkpoint stays before the open one until it is done with, then reaches the last batch', () => {
    // given
    const positions = new OpenPositions(10);
    const retrying = positions.take(20);
    positions.scannedTo(20);
    positions.scannedTo(30);
    const later = positions.take(40);
    positions.scannedTo(40);
    // then
    expect(positions.watermark()).toBe(19);
    later.finish();
    expect(positions.watermark()).toBe(19);
    // when
    retrying.finish();
    retrying.finish(); // a second report changes nothing
    // then
    expect(positions.watermark()).toBe(40);
  });
});
