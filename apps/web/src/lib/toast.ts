import { message } from 'antd';

/** antd's global message, for pages without an antd provider (the login page). */
export function toast(kind: 'error' | 'success' | 'warning', text: string): void {
  void message[kind](text);
}
