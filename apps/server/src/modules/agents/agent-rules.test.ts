import { describe, expect, it } from 'vitest';
import { firstViolation, NO_FLAGS, type Placement, percent, ratioToStored, ratioToWire } from './agent-rules';

const parent: Placement = {
  agentLevel: 2,
  areaInfo: ['440000'],
  proportion: 7000,
  baseProfitRatio: 2500,
  gameRatios: new Map([[2, 3000]]),
  flags: { ...NO_FLAGS, setSettleAuthority: true },
};
const child = (overrides: Partial<Placement> = {}): Placement => ({
  agentLevel: 3,
  areaInfo: ['440000-440300'],
  proportion: 6000,
  baseProfitRatio: 2000,
  gameRatios: new Map(),
  flags: { ...NO_FLAGS },
  ...overrides,
});

describe('firstViolation', () => {
  it('accepts a child within every bound, at most equal to its parent', () => {
    expect(firstViolation(child(), parent)).toBeNull();
    expect(
      firstViolation(
        child({
          agentLevel: 5,
          areaInfo: ['440000'],
          proportion: 7000,
          baseProfitRatio: 2500,
          gameRatios: new Map([[2, 3000]]),
          flags: { ...NO_FLAGS, setSettleAuthority: true },
        }),
        parent,
      ),
    ).toBeNull();
  });

  it.each<[string, Partial<Placement>, string]>([
    ['the same level', { agentLevel: 2 }, 'level'],
    ['an area outside', { areaInfo: ['330000'] }, 'areas'],
    ['no area under a province', { areaInfo: [] }, 'areas'],
    ['a flag the parent lacks', { flags: { ...NO_FLAGS, isHbpush: true } }, 'flag'],
    ['a higher proportion', { proportion: 7001 }, 'proportion'],
    ['a higher base ratio', { baseProfitRatio: 2501 }, 'base'],
    ['a game above the parent’s special ratio', { gameRatios: new Map([[2, 3001]]) }, 'game'],
    ['a game above the parent’s base (no special one)', { gameRatios: new Map([[5, 2600]]) }, 'game'],
  ])('finds %s', (_name, overrides, kind) => {
    expect(firstViolation(child(overrides), parent)?.kind).toBe(kind);
  });

  it('counts a game the child has no special ratio for at the child’s base ratio', () => {
    const low: Placement = { ...parent, baseProfitRatio: 2500, gameRatios: new Map([[7, 1000]]) };
    expect(firstViolation(child({ baseProfitRatio: 1500 }), low)).toEqual({
      kind: 'game',
      gameId: 7,
      child: 1500,
      parent: 1000,
      childFallsBack: true,
    });
  });
});

describe('ratios', () => {
  it('store fractions ×10000 and show percentages', () => {
    expect(ratioToStored(0.35)).toBe(3500);
    expect(ratioToStored(0.0001)).toBe(1);
    expect(ratioToStored(0.29)).toBe(2900);
    expect(ratioToWire(1234)).toBe(0.1234);
    expect(percent(3500)).toBe('35%');
    expect(percent(1234)).toBe('12.34%');
  });
});
