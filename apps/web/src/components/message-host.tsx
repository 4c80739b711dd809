import { message } from 'antd';
import { useEffect } from 'react';
import { registerMessageApi } from '../lib/notify';

/** Hands antd's context-aware message API to code outside React (the api client's toasts). */
export function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    registerMessageApi(api);
    return () => registerMessageApi(null);
  }, [api]);
  return holder;
}
