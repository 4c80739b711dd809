import { describe, expect, it } from 'vitest';
import { pagerItems } from './list-pager-items';

describe('pagerItems', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows five page buttons on every page of a long list', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 'next-more', 10]);
    expect(pagerItems(2, 10)).toEqual([1, 2, 3, 4, 'next-more', 10]);
    expect(pagerItems(3, 10)).toEqual([1, 2, 3, 4, 'next-more', 10]);
    expect(pagerItems(4, 10)).toEqual([1, 'prev-more', 3, 4, 5, 'next-more', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'prev-more', 4, 5, 6, 'next-more', 10]);
    expect(pagerItems(7, 10)).toEqual([1, 'prev-more', 6, 7, 8, 'next-more', 10]);
    expect(pagerItems(8, 10)).toEqual([1, 'prev-more', 7, 8, 9, 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'prev-more', 7, 8, 9, 10]);
    for (let page = 1; page <= 50; page++) {
      const numbers = pagerItems(page, 50).filter((item) => typeof item === 'number');
      expect(numbers).toHaveLength(5);
      expect(numbers).toContain(page);
    }
  });

  it('puts a "more" button even where it stands for one page', () => {
    expect(pagerItems(1, 6)).toEqual([1, 2, 3, 4, 'next-more', 6]);
    expect(pagerItems(4, 6)).toEqual([1, 'prev-more', 3, 4, 5, 6]);
  });
});
