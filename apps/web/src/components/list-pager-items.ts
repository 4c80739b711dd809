import { PAGER_COUNT } from '@agent-console/contract/constants';

/** A page number, or a "more" button that jumps over the pages it hides. */
export type PagerItem = number | 'prev-more' | 'next-more';

/**
 * The pager buttons of spec section 9 ("5 pager buttons"): the first and last page always, and
 * at most `pagerCount` numbers in all, with "more" buttons where pages are left out.
 * 10 pages: on 1 `1 2 3 4 … 10`, on 5 `1 … 4 5 6 … 10`, on 10 `1 … 7 8 9 10`.
 */
export function pagerItems(current: number, pageCount: number, pagerCount = PAGER_COUNT): PagerItem[] {
  if (pageCount < 1) return [];
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const half = Math.floor((pagerCount - 1) / 2);
  const prevMore = current > pagerCount - half;
  const nextMore = current < pageCount - half;
  const middle: number[] = [];
  if (prevMore && !nextMore) {
    for (let p = pageCount - (pagerCount - 2); p < pageCount; p++) middle.push(p);
  } else if (!prevMore && nextMore) {
    for (let p = 2; p < pagerCount; p++) middle.push(p);
  } else {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let p = current - offset; p <= current + offset; p++) middle.push(p);
  }
  return [
    1,
    ...(prevMore ? ['prev-more' as const] : []),
    ...middle,
    ...(nextMore ? ['next-more' as const] : []),
    pageCount,
  ];
}

/** How far a "more" button jumps: the pages a full pager shows between its first and last. */
export const pagerJump = (pagerCount = PAGER_COUNT): number => pagerCount - 2;
