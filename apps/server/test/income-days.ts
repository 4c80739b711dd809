import { sql } from 'drizzle-orm';

/**
 * The income running totals (`ledger_income_days`) as rows, and what each row should hold counted
 * again from the ledger entries: the day's income and the income to the end of the day (the
 * available sums of the income kinds). Tests compare the two.
 */
export const incomeDays = sql`select agent_id, day::text as day, income_fen::text as income,
  income_to_date_fen::text as total from ledger_income_days order by 1, 2`;

const entryDay = sql`((created_at at time zone 'UTC') + interval '8 hours')::date`;
const incomeKinds = sql`kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')`;

export const incomeDaysRecounted = sql`select i.agent_id, i.day::text as day,
    (select coalesce(sum(available_delta_fen), 0) from ledger_entries e
      where e.agent_id = i.agent_id and ${incomeKinds} and ${entryDay} = i.day)::text as income,
    (select coalesce(sum(available_delta_fen), 0) from ledger_entries e
      where e.agent_id = i.agent_id and ${incomeKinds} and ${entryDay} <= i.day)::text as total
  from ledger_income_days i order by 1, 2`;
