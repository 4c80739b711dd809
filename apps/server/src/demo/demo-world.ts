import type { RegionNode } from '@agent-console/contract';
import type { AgentFlags } from '../modules/agents/agent-rules';
import type { Regions } from '../modules/regions/region-tree';

/** Every demo login uses this password (the console sends its MD5). Demo data only. */
export const DEMO_PASSWORD = 'Demo2026';

/**
 * complete: phone verified, login password changed, withdraw password and account set, real name
 * verified; verified: phone verified and login password changed; phone-only; under-review: phone
 * verified and real name submitted; password-set: only the login password changed; fresh: nothing.
 */
export type DemoOnboarding =
  | 'complete'
  | 'verified'
  | 'phone-only'
  | 'under-review'
  | 'password-set'
  | 'fresh';

export interface DemoAgent {
  /** A key to name the parent by; the operator has none. */
  key: string;
  parent: string | null;
  level: number;
  name: string;
  phone: string;
  areas: string[];
  /** In 1/10000. */
  proportion: number;
  baseProfitRatio: number;
  remark?: string;
  flags?: Partial<AgentFlags>;
  /** Special profit ratios by game name, in 1/10000 (each at least the agent's base ratio). */
  gameRatios?: Readonly<Record<string, number>>;
  onboarding: DemoOnboarding;
  /** How many days before the seeding the agent was created (generated agents; default 0). */
  ageDays?: number;
}

const ALL_FLAGS: AgentFlags = {
  setTopAuthority: true,
  addPricePermission: true,
  isHbpush: true,
  xuanhaoApp: true,
  hasMemberFinanceMenu: true,
  setSettleAuthority: true,
  hasPriceAddRangeFlag: true,
};

/**
 * The demo world a fresh start creates: the operator, the login chain 13800000001 → …05 (levels
 * 1 to 5, down to 深圳市南山区), and branches in 广东, 浙江, 四川, 北京, 湖北 and 江苏: 40 agents.
 */
export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    key: 'operator',
    parent: null,
    level: 0,
    name: '星途总代',
    phone: '13800000000',
    areas: [],
    proportion: 10000,
    baseProfitRatio: 10000,
    remark: '平台运营方',
    flags: ALL_FLAGS,
    onboarding: 'verified',
  },

  // The demo chain, each a child of the previous.
  {
    key: 'huaxia',
    parent: 'operator',
    level: 1,
    name: '华夏互娱科技',
    phone: '13800000001',
    areas: [],
    proportion: 8000,
    baseProfitRatio: 3000,
    remark: '全国代理，负责华南、华中、西南、华北渠道',
    flags: { isHbpush: true, xuanhaoApp: true, hasMemberFinanceMenu: true, setSettleAuthority: true },
    gameRatios: { 王者荣耀: 3500, 英雄联盟: 3200 },
    onboarding: 'complete',
  },
  {
    key: 'yuehai',
    parent: 'huaxia',
    level: 2,
    name: '粤海网络科技',
    phone: '13800000002',
    areas: ['440000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '广东省级代理',
    flags: { hasMemberFinanceMenu: true, setSettleAuthority: true },
    gameRatios: { 王者荣耀: 3000 },
    onboarding: 'under-review',
  },
  {
    key: 'pengcheng',
    parent: 'yuehai',
    level: 3,
    name: '鹏城电竞网咖联盟',
    phone: '13800000003',
    areas: ['440000-440300'],
    proportion: 6000,
    baseProfitRatio: 2000,
    remark: '深圳市级代理',
    gameRatios: { 王者荣耀: 2500 },
    onboarding: 'phone-only',
  },
  {
    key: 'nanshan',
    parent: 'pengcheng',
    level: 4,
    name: '南山科技园网咖',
    phone: '13800000004',
    areas: ['440000-440300-440305'],
    proportion: 5000,
    baseProfitRatio: 1500,
    remark: '南山区代理',
    gameRatios: { 王者荣耀: 1800 },
    onboarding: 'fresh',
  },
  {
    key: 'chenxiaoming',
    parent: 'nanshan',
    level: 5,
    name: '陈晓明',
    phone: '13800000005',
    areas: ['440000-440300-440305'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员，负责科技园片区网吧',
    onboarding: 'fresh',
  },

  // 广东
  {
    key: 'yangcheng',
    parent: 'yuehai',
    level: 3,
    name: '羊城电竞',
    phone: '13900001001',
    areas: ['440000-440100'],
    proportion: 6000,
    baseProfitRatio: 2000,
    remark: '广州市级代理',
    flags: { hasMemberFinanceMenu: true },
    onboarding: 'complete',
  },
  {
    key: 'chancheng',
    parent: 'yuehai',
    level: 3,
    name: '禅城网娱',
    phone: '13900001002',
    areas: ['440000-440600'],
    proportion: 5500,
    baseProfitRatio: 1800,
    onboarding: 'verified',
  },
  {
    key: 'guanyi',
    parent: 'yuehai',
    level: 3,
    name: '莞邑网咖',
    phone: '13900001003',
    areas: ['440000-441900'],
    proportion: 5500,
    baseProfitRatio: 1800,
    remark: '东莞市级代理',
    onboarding: 'fresh',
  },
  {
    key: 'futian',
    parent: 'pengcheng',
    level: 4,
    name: '福田网咖联盟',
    phone: '13900001004',
    areas: ['440000-440300-440304'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'complete',
  },
  {
    key: 'baoan',
    parent: 'pengcheng',
    level: 4,
    name: '宝安网娱',
    phone: '13900001005',
    areas: ['440000-440300-440306'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'phone-only',
  },
  {
    key: 'tianhe',
    parent: 'yangcheng',
    level: 4,
    name: '天河电竞馆',
    phone: '13900001006',
    areas: ['440000-440100-440106'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'under-review',
  },
  {
    key: 'linzhiqiang',
    parent: 'nanshan',
    level: 5,
    name: '林志强',
    phone: '13900001007',
    areas: ['440000-440300-440305'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'verified',
  },
  {
    key: 'huangwei',
    parent: 'tianhe',
    level: 5,
    name: '黄伟',
    phone: '13900001008',
    areas: ['440000-440100-440106'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'fresh',
  },

  // 浙江
  {
    key: 'qiantang',
    parent: 'huaxia',
    level: 2,
    name: '钱塘网络科技',
    phone: '13900002001',
    areas: ['330000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '浙江省级代理',
    flags: { hasMemberFinanceMenu: true, setSettleAuthority: true },
    onboarding: 'complete',
  },
  {
    key: 'xizi',
    parent: 'qiantang',
    level: 3,
    name: '西子网络',
    phone: '13900002002',
    areas: ['330000-330100'],
    proportion: 6000,
    baseProfitRatio: 2000,
    remark: '杭州市级代理',
    flags: { setSettleAuthority: true },
    onboarding: 'complete',
  },
  {
    key: 'yongcheng',
    parent: 'qiantang',
    level: 3,
    name: '甬城网咖',
    phone: '13900002003',
    areas: ['330000-330200'],
    proportion: 6000,
    baseProfitRatio: 2000,
    onboarding: 'password-set',
  },
  {
    key: 'xihu',
    parent: 'xizi',
    level: 4,
    name: '西湖网咖联盟',
    phone: '13900002004',
    areas: ['330000-330100-330106'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'verified',
  },
  {
    key: 'binjiang',
    parent: 'xizi',
    level: 4,
    name: '滨江电竞',
    phone: '13900002005',
    areas: ['330000-330100-330108'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'fresh',
  },
  {
    key: 'wangli',
    parent: 'xihu',
    level: 5,
    name: '王丽',
    phone: '13900002006',
    areas: ['330000-330100-330106'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'phone-only',
  },

  // 四川
  {
    key: 'tianfu',
    parent: 'huaxia',
    level: 2,
    name: '天府游娱',
    phone: '13900003001',
    areas: ['510000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '四川省级代理',
    flags: { isHbpush: true },
    onboarding: 'verified',
  },
  {
    key: 'rongcheng',
    parent: 'tianfu',
    level: 3,
    name: '蓉城电竞',
    phone: '13900003002',
    areas: ['510000-510100'],
    proportion: 6000,
    baseProfitRatio: 2000,
    remark: '成都市级代理',
    onboarding: 'complete',
  },
  {
    key: 'mianzhou',
    parent: 'tianfu',
    level: 3,
    name: '绵州网咖',
    phone: '13900003003',
    areas: ['510000-510700'],
    proportion: 5500,
    baseProfitRatio: 1800,
    onboarding: 'fresh',
  },
  {
    key: 'wuhou',
    parent: 'rongcheng',
    level: 4,
    name: '武侯网咖',
    phone: '13900003004',
    areas: ['510000-510100-510107'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'under-review',
  },
  {
    key: 'jinjiang',
    parent: 'rongcheng',
    level: 4,
    name: '锦江网娱',
    phone: '13900003005',
    areas: ['510000-510100-510104'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'password-set',
  },
  {
    key: 'zhangtao',
    parent: 'wuhou',
    level: 5,
    name: '张涛',
    phone: '13900003006',
    areas: ['510000-510100-510107'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'fresh',
  },

  // 北京
  {
    key: 'jinghua',
    parent: 'huaxia',
    level: 2,
    name: '京华网咖联盟',
    phone: '13900004001',
    areas: ['110000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '北京市级代理（直辖市）',
    onboarding: 'complete',
  },
  {
    key: 'jingcheng',
    parent: 'jinghua',
    level: 3,
    name: '京城网咖',
    phone: '13900004002',
    areas: ['110000-110100'],
    proportion: 6000,
    baseProfitRatio: 2000,
    onboarding: 'verified',
  },
  {
    key: 'zhongguancun',
    parent: 'jingcheng',
    level: 4,
    name: '中关村网咖联盟',
    phone: '13900004003',
    areas: ['110000-110100-110108'],
    proportion: 5000,
    baseProfitRatio: 1500,
    remark: '海淀区代理',
    onboarding: 'complete',
  },
  {
    key: 'chaoyang',
    parent: 'jingcheng',
    level: 4,
    name: '朝阳电竞',
    phone: '13900004004',
    areas: ['110000-110100-110105'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'fresh',
  },
  {
    key: 'liuyang',
    parent: 'zhongguancun',
    level: 5,
    name: '刘洋',
    phone: '13900004005',
    areas: ['110000-110100-110108'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'verified',
  },

  // 湖北
  {
    key: 'chutian',
    parent: 'huaxia',
    level: 2,
    name: '楚天互娱',
    phone: '13900005001',
    areas: ['420000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '湖北省级代理',
    onboarding: 'password-set',
  },
  {
    key: 'jiangcheng',
    parent: 'chutian',
    level: 3,
    name: '江城电竞',
    phone: '13900005002',
    areas: ['420000-420100'],
    proportion: 6000,
    baseProfitRatio: 2000,
    remark: '武汉市级代理',
    onboarding: 'complete',
  },
  {
    key: 'sanxia',
    parent: 'chutian',
    level: 3,
    name: '三峡网娱',
    phone: '13900005003',
    areas: ['420000-420500'],
    proportion: 5500,
    baseProfitRatio: 1800,
    onboarding: 'phone-only',
  },
  {
    key: 'guanggu',
    parent: 'jiangcheng',
    level: 4,
    name: '光谷网咖',
    phone: '13900005004',
    areas: ['420000-420100-420111'],
    proportion: 5000,
    baseProfitRatio: 1500,
    remark: '洪山区代理',
    onboarding: 'verified',
  },
  {
    key: 'zhoumin',
    parent: 'guanggu',
    level: 5,
    name: '周敏',
    phone: '13900005005',
    areas: ['420000-420100-420111'],
    proportion: 3000,
    baseProfitRatio: 800,
    remark: '推广员',
    onboarding: 'fresh',
  },

  // A second national agent with a 江苏 branch.
  {
    key: 'dongfang',
    parent: 'operator',
    level: 1,
    name: '东方星娱网络',
    phone: '13900006001',
    areas: [],
    proportion: 8000,
    baseProfitRatio: 3000,
    remark: '全国代理，华东渠道',
    flags: { xuanhaoApp: true, hasMemberFinanceMenu: true },
    onboarding: 'complete',
  },
  {
    key: 'jinling',
    parent: 'dongfang',
    level: 2,
    name: '金陵网娱',
    phone: '13900006002',
    areas: ['320000'],
    proportion: 7000,
    baseProfitRatio: 2500,
    remark: '江苏省级代理',
    onboarding: 'verified',
  },
  {
    key: 'gusu',
    parent: 'jinling',
    level: 3,
    name: '苏州网咖联盟',
    phone: '13900006003',
    areas: ['320000-320500'],
    proportion: 6000,
    baseProfitRatio: 2000,
    onboarding: 'under-review',
  },
  {
    key: 'gusuqu',
    parent: 'gusu',
    level: 4,
    name: '姑苏区代理',
    phone: '13900006004',
    areas: ['320000-320500-320508'],
    proportion: 5000,
    baseProfitRatio: 1500,
    onboarding: 'fresh',
  },
];

/** The demo logins shown at start: the operator and the chain. */
export const DEMO_LOGINS = DEMO_AGENTS.filter((a) => a.phone.startsWith('138')).map((a) => a.phone);

/** mulberry32: a small seeded PRNG, so every fresh start generates the same world. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Common surnames, one character each. */
export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
/** Given names. */
export const GIVEN: readonly string[] = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '辉',
  '鹏',
  '宇',
  '婷',
  '斌',
  '峰',
  '丹',
  '琳',
  '欣',
  '颖',
  '秀英',
  '秀兰',
  '桂英',
  '建华',
  '玉兰',
  '浩然',
  '子轩',
  '欣怡',
  '梓涵',
  '俊杰',
  '晓东',
  '志强',
  '海燕',
  '春梅',
  '国庆',
  '立新',
  '思远',
  '佳琪',
  '博文',
  '雨萱',
  '晨阳',
  '家豪',
  '嘉怡',
  '文杰',
  '晓燕',
  '志明',
  '建军',
  '丽娟',
  '振华',
  '雪梅',
];
/** Development zones and the like are not where a district agent would be named after. */
export const isSpecialZone = (label: string) =>
  /开发|高新|示范|产业|经济|新区|管理区|园区|工业|试验/.test(label);
export const COMPANY_SUFFIXES = [
  '网咖联盟',
  '电竞',
  '网络科技',
  '互娱',
  '网娱',
  '游戏科技',
  '电竞联盟',
  '网咖',
];
export const DISTRICT_SUFFIXES = ['网咖', '电竞馆', '网娱', '网咖联盟', '电竞', '网吧连锁'];

/** New province agents of the generated part: province code, brand name, national parent. */
const NEW_PROVINCES: readonly { code: number; name: string; parent: string }[] = [
  { code: 430000, name: '潇湘网络科技', parent: 'huaxia' },
  { code: 410000, name: '中原互娱', parent: 'huaxia' },
  { code: 370000, name: '齐鲁电竞', parent: 'huaxia' },
  { code: 350000, name: '八闽网娱', parent: 'huaxia' },
  { code: 610000, name: '秦川网络', parent: 'huaxia' },
  { code: 500000, name: '巴渝电竞联盟', parent: 'huaxia' },
  { code: 310000, name: '申城互娱科技', parent: 'dongfang' },
  { code: 340000, name: '徽风网络科技', parent: 'dongfang' },
];

/** 长沙市 → 长沙, 岳麓区 → 岳麓, 湘西土家族苗族自治州 → 湘西; two characters are kept whole. */
export function shortName(label: string): string {
  const cut = label.replace(
    /(土家族|苗族|藏族|羌族|彝族|回族|蒙古族|壮族|朝鲜族|哈尼族|傣族|白族|布依族|侗族|黎族)+/g,
    '',
  );
  const trimmed = cut.replace(/(特别行政区|自治州|自治县|地区|新区|市|区|县|盟|州)$/, '');
  return trimmed.length >= 2 ? trimmed : label;
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** Up to `n` distinct items, in a random order. */
export function sample<T>(rand: () => number, list: readonly T[], n: number): T[] {
  const copy = list.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

export const GENERATED_ONBOARDING: readonly DemoOnboarding[] = [
  'fresh',
  'fresh',
  'password-set',
  'phone-only',
  'verified',
];
export const GAMES_WITH_SPECIAL_RATIOS = ['王者荣耀', '英雄联盟', '和平精英', '无畏契约'] as const;

/**
 * A child's ratios and flags, a little below its parent's (never above: the rules of
 * agent-rules.ts hold): proportion 5-14 points lower, base ratio 1-3.5 points lower, each of the
 * parent's flags with a chance of one half, and now and then a special ratio for one or two games.
 */
export function ratiosBelow(
  rand: () => number,
  parent: Pick<DemoAgent, 'proportion' | 'baseProfitRatio' | 'flags' | 'gameRatios'>,
): Pick<DemoAgent, 'proportion' | 'baseProfitRatio' | 'flags' | 'gameRatios'> & {
  flags: Partial<AgentFlags>;
  gameRatios: Record<string, number>;
} {
  const proportion = Math.min(
    parent.proportion,
    Math.max(1000, parent.proportion - 500 - 100 * Math.floor(rand() * 10)),
  );
  const baseProfitRatio = Math.min(
    parent.baseProfitRatio,
    Math.max(300, parent.baseProfitRatio - 100 - 50 * Math.floor(rand() * 6)),
  );
  const flags: Partial<AgentFlags> = {};
  for (const [k, v] of Object.entries(parent.flags ?? {}) as [keyof AgentFlags, boolean][])
    if (v && rand() < 0.5) flags[k] = true;
  const gameRatios: Record<string, number> = {};
  if (rand() < 0.3) {
    for (const game of sample(rand, GAMES_WITH_SPECIAL_RATIOS, 1 + Math.floor(rand() * 2))) {
      const ceiling = parent.gameRatios?.[game] ?? parent.baseProfitRatio;
      const ratio = Math.min(ceiling, baseProfitRatio + 100 * (1 + Math.floor(rand() * 5)));
      if (ratio > baseProfitRatio) gameRatios[game] = ratio;
    }
  }
  return { proportion, baseProfitRatio, flags, gameRatios };
}

/**
 * The generated part of the demo world (a few hundred agents): province agents for eight more
 * provinces, and below every province agent except the chain's subtrees new city, district and
 * promoter agents, with realistic names built from place names and name parts. Deterministic
 * (seeded PRNG, region data of the package), phones 136xxxxxxxx, created over the last 180 days.
 * Every agent keeps the rules: deeper than its parent, inside its areas, ratios and flags not above.
 */
export function generateDemoAgents(regions: Regions, fixed: readonly DemoAgent[] = DEMO_AGENTS): DemoAgent[] {
  const rand = prng(20260302);
  const out: DemoAgent[] = [];
  const byKey = new Map(fixed.map((a) => [a.key, a]));
  let phone = 0;
  const nextPhone = () => `136${String(++phone).padStart(8, '0')}`;
  const usedAreas = new Set(fixed.flatMap((a) => a.areas));
  const age = () => 1 + Math.floor(rand() * 180);
  const provinceNode = (code: number): RegionNode => {
    const node = regions.tree.find((p) => p.id === code);
    if (!node) throw new Error(`no province ${code}`);
    return node;
  };

  const below = (parent: DemoAgent) => ratiosBelow(rand, parent);

  const add = (agent: DemoAgent) => {
    out.push(agent);
    byKey.set(agent.key, agent);
    return agent;
  };

  const promoters = (parent: DemoAgent, area: string, n: number) => {
    for (let i = 0; i < n; i++) {
      add({
        key: `${parent.key}-p${i}`,
        parent: parent.key,
        level: 5,
        name: pick(rand, [...SURNAMES]) + pick(rand, GIVEN),
        phone: nextPhone(),
        areas: [area],
        ...below(parent),
        remark: '推广员',
        onboarding: pick(rand, GENERATED_ONBOARDING),
        ageDays: age(),
      });
    }
  };

  const cities = (province: DemoAgent, count: number) => {
    const code = Number(province.areas[0]);
    const free = (provinceNode(code).children ?? []).filter(
      (c) => !usedAreas.has(`${code}-${c.id}`) && !isSpecialZone(c.label),
    );
    sample(rand, free, count).forEach((city, ci) => {
      const cityKey = `${code}-${city.id}`;
      usedAreas.add(cityKey);
      const cityAgent = add({
        key: `${province.key}-c${ci}`,
        parent: province.key,
        level: 3,
        name: shortName(city.label) + pick(rand, COMPANY_SUFFIXES),
        phone: nextPhone(),
        areas: [cityKey],
        ...below(province),
        remark: `${city.label}代理`,
        onboarding: pick(rand, GENERATED_ONBOARDING),
        ageDays: age(),
      });
      const districts = sample(
        rand,
        (city.children ?? []).filter((d) => !isSpecialZone(d.label)),
        2 + Math.floor(rand() * 3),
      );
      districts.forEach((district, di) => {
        const districtKey = `${cityKey}-${district.id}`;
        const districtAgent = add({
          key: `${cityAgent.key}-d${di}`,
          parent: cityAgent.key,
          level: 4,
          name: shortName(district.label) + pick(rand, DISTRICT_SUFFIXES),
          phone: nextPhone(),
          areas: [districtKey],
          ...below(cityAgent),
          remark: `${district.label}代理`,
          onboarding: pick(rand, GENERATED_ONBOARDING),
          ageDays: age(),
        });
        promoters(districtAgent, districtKey, Math.floor(rand() * 4));
      });
      // Some city agents have promoters of their own, right below them.
      if (rand() < 0.3) promoters(cityAgent, cityKey, 1);
    });
  };

  for (const p of NEW_PROVINCES) {
    const parent = byKey.get(p.parent);
    if (!parent) throw new Error(`no demo agent ${p.parent}`);
    const province = provinceNode(p.code);
    const agent = add({
      key: `gen-${p.code}`,
      parent: p.parent,
      level: 2,
      name: p.name,
      phone: nextPhone(),
      areas: [String(p.code)],
      ...below(parent),
      remark: `${province.label}省级代理`,
      onboarding: pick(rand, GENERATED_ONBOARDING),
      ageDays: age(),
    });
    cities(agent, 3 + Math.floor(rand() * 2));
  }
  // More cities for the hand-written province agents (their existing subtrees stay as they are).
  for (const key of ['yuehai', 'qiantang', 'tianfu', 'chutian', 'jinling']) {
    const province = byKey.get(key);
    if (province) cities(province, 2 + Math.floor(rand() * 2));
  }
  return out;
}
