import { z } from 'zod';

const zhCN = z.locales.zhCN().localeError;

/**
 * Chinese messages for zod's own issues (the contract's messages win where it has them). A
 * generated message names the field it is about: "请求参数错误：pageSize 无效输入：…".
 */
export function useChineseValidationMessages(): void {
  z.config({
    localeError: (issue) => {
      const generated = zhCN(issue);
      const text = typeof generated === 'string' ? generated : (generated?.message ?? '无效输入');
      const field = issue.path?.length ? `${issue.path.map(String).join('.')} ` : '';
      return `请求参数错误：${field}${text}`;
    },
  });
}
