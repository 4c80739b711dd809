import * as z from 'zod/mini';
import { PAGE_SIZES } from './constants';

export const PageRequest = z.object({
  pageNum: z._default(z.int().check(z.minimum(1), z.maximum(100000)), 1),
  pageSize: z._default(
    z.int().check(
      z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
        message: '每页条数只能是 30、50、100 或 200',
      }),
    ),
    30,
  ),
});
export type PageRequest = z.infer<typeof PageRequest>;
