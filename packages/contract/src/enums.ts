/** Enumerations of spec section 4, each with its Chinese label. */

function labels<const T extends Record<string | number, string>>(map: T) {
  return map;
}

export const AgentLevel = {
  NATIONAL_GENERAL: 0,
  NATIONAL: 1,
  PROVINCE: 2,
  CITY: 3,
  DISTRICT: 4,
  PROMOTER: 5,
} as const;
export type AgentLevel = (typeof AgentLevel)[keyof typeof AgentLevel];
export const AGENT_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export const AgentLevelLabels = labels({
  0: '全国总代理',
  1: '全国代理',
  2: '省级代理',
  3: '市级代理',
  4: '区县代理',
  5: '推广员',
});

export const TaskType = {
  VERIFY_PHONE: 1,
  CHANGE_INITIAL_PASSWORD: 2,
  IDENTITY: 3,
  WITHDRAW_INFO: 4,
  CONTENT_CONFIG: 5,
} as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];
export const TASK_TYPES = [1, 2, 3, 4, 5] as const;
export const TaskTypeLabels = labels({
  1: '验证绑定手机',
  2: '修改初始密码',
  3: '身份认证',
  4: '填写提现信息',
  5: '内容配置',
});

export const RealNameStatus = { UNDER_REVIEW: 0, VERIFIED: 1 } as const;
export const RealNameStatusLabels = labels({ 0: '审核中', 1: '已认证' });
export const REAL_NAME_NOT_DONE_LABEL = '未认证';

export const OrderStatus = {
  PENDING_PAYMENT: 10,
  RESERVED: 30,
  RENTING: 40,
  COMPLETED: 50,
  PARTIALLY_COMPLETED: 52,
  CANCELLED: 60,
  RIGHTS_DISPUTE: 70,
} as const;
export const OrderStatusLabels = labels({
  10: '待支付',
  30: '已预约',
  40: '租赁中',
  50: '已完成',
  52: '部分完成',
  60: '已取消',
  70: '维权中',
});

export const GoodsStatus = {
  UNDER_REVIEW: 1,
  REVIEW_REJECTED: 2,
  FOR_RENT: 3,
  WAITING_TO_RENT: 4,
  OFF_SHELF: 5,
  DELETED: 6,
} as const;
export const GoodsStatusLabels = labels({
  1: '审核中',
  2: '审核驳回',
  3: '出租中',
  4: '待租',
  5: '已下架',
  6: '已删除',
});

export const MoneyStatus = { PROCESSING: -1, SUCCESS: 1, CANCELLED: 0, FAILED: 2 } as const;
export const MoneyStatusLabels = labels({ '-1': '处理中', 1: '成功', 0: '已取消', 2: '失败' });

export const OrderSource = {
  MAIN_SITE: 10,
  MERCHANT_ASSISTANT: 20,
  NUMBER_SELECTION_SITE: 30,
  API_CHANNEL: 40,
  CUSTOM_CHANNEL: 50,
  NET_BAR_DISTRIBUTION: 60,
  BOSS_BACKEND: 70,
} as const;
export const OrderSourceLabels = labels({
  10: '主站',
  20: '商户助手',
  30: '选号网',
  40: 'API渠道',
  50: '自定义渠道',
  60: '网吧分销',
  70: '老板后台',
});

export const TerminalType = {
  PC_WEB: 0,
  MOBILE_WEB: 1,
  ANDROID_APP: 2,
  IOS_APP: 3,
  PC_CLIENT: 4,
  API: 5,
  WECHAT: 6,
} as const;
export const TerminalTypeLabels = labels({
  0: 'PC网页',
  1: '手机网页',
  2: '安卓APP',
  3: 'iOS APP',
  4: 'PC客户端',
  5: 'API',
  6: '微信',
});

/** Summary statistics time granularity: '10' day, '20' month. */
export const TimeType = { DAY: '10', MONTH: '20' } as const;
export const TimeTypeLabels = labels({ '10': '按日', '20': '按月' });

/** Summary statistics source: 2 web summary, 3 app summary, absent for the general (client) view. */
export const StatsSourceType = { WEB: 2, APP: 3 } as const;

/** Captcha channels: 1 a third-party slider verified server-side, 2 the built-in image captcha. */
export const CaptchaChannel = { SLIDER: 1, IMAGE: 2 } as const;
