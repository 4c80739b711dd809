import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash } from './canonical';

describe('canonical JSON of an event (what its hash is taken over)', () => {
  it('sorts the keys of every object, drops undefined members, keeps arrays in order', () => {
    const value = { b: 1, a: [3, { z: null, y: 'é"\\' }], c: undefined, Ä: true, A: -0.5, 10: 'x', 9: 'y' };
    expect(canonicalJson(value)).toBe(
      '{"10":"x","9":"y","A":-0.5,"a":[3,{"y":"é\\"\\\\","z":null}],"b":1,"Ä":true}',
    );
    expect(canonicalJson([undefined, 1, 'a'])).toBe('[null,1,"a"]');
    expect(canonicalJson({ y: 2, x: 1 })).toBe(canonicalJson({ x: 1, y: 2 }));
  });

  it('gives the hashes stored by earlier versions: a replay stays a duplicate across upgrades', () => {
    const payload = { status: 50, orderNo: 'N1', paidAt: '2026-03-02T02:00:00.000Z' };
    expect(eventHash('order.statusChanged', '2026-03-02T05:00:00.000Z', payload)).toBe(
      '7d60ec24db3d65e556741b9dcfed1ba18268b6129f687670f0a7d0b257f4a81f',
    );
  });
});
