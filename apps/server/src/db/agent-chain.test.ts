import { describe, expect, it } from 'vitest';
import { chainValues } from './agent-chain';

describe('chainValues', () => {
  it('spreads a chain by level, leaving the levels it skips empty', () => {
    expect(
      chainValues([
        { id: 1, agentLevel: 0 },
        { id: 7, agentLevel: 1 },
        { id: 30, agentLevel: 3 },
        { id: 41, agentLevel: 5 },
      ]),
    ).toEqual({
      agentId: 41,
      agentChain: [1, 7, 30, 41],
      chainL1: 7,
      chainL2: null,
      chainL3: 30,
      chainL4: null,
      chainL5: 41,
    });
  });

  it('refuses a chain that does not start at the operator', () => {
    expect(() => chainValues([])).toThrow();
    expect(() => chainValues([{ id: 7, agentLevel: 1 }])).toThrow();
  });
});
