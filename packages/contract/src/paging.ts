import { z } from 'zod';
import { PAGE_SIZES } from './constants';

export const PageRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: '每页条数只能是 30、50、100 或 200',
    })
    .default(30),
});
export type PageRequest = z.infer<typeof PageRequest>;
