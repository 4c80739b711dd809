import type { MessageInstance } from 'antd/es/message/interface';

type Kind = 'error' | 'success' | 'warning';

/**
 * Toasts, from React code and from code outside React (the api client). Screens built with antd
 * register the context-aware message instance of their provider. Where none is mounted (the
 * login page, which does not load antd up front) the toast module is loaded on first use.
 */
let api: MessageInstance | null = null;

export function registerMessageApi(instance: MessageInstance | null): void {
  api = instance;
}

function show(kind: Kind, text: string): void {
  if (api) {
    void api[kind](text);
    return;
  }
  import('./toast').then(
    ({ toast }) => toast(kind, text),
    () => window.alert(text),
  );
}

export const notifyError = (text: string): void => show('error', text);
export const notifySuccess = (text: string): void => show('success', text);
export const notifyWarning = (text: string): void => show('warning', text);
