/**
 * The workbench's cards below the totals (spec section 1), by key, with their titles. The cards
 * themselves (their calls, contract schemas and tables) load after the totals' first paint
 * (components/workbench-list-card.tsx); until then their place shows a skeleton under the same title.
 */
export const LIST_CARD_TITLES = {
  finance: '财务',
  agents: '下级代理',
  users: '渠道用户（近30天注册）',
  orders: '最近零售订单',
  netBars: '网吧列表',
  fundDetails: '资金明细',
  devices: '有效设备统计',
} as const;

export type ListCardKey = keyof typeof LIST_CARD_TITLES;
