/*
 * The empty texts of the console's pickers, shared by the pickers and the stand-ins drawn while
 * they load (lazy-fields.tsx): this module imports no antd.
 */
export const AREA_PLACEHOLDER = '请选择地区';
export const AGENT_PLACEHOLDER = '请选择代理';
export const RANGE_PLACEHOLDERS: [string, string] = ['开始日期', '结束日期'];
