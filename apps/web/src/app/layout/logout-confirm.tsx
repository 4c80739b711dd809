import { LOGOUT_CONFIRM_TEXT } from '@agent-console/contract/constants';
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useLogout } from '../../features/auth/api/logout';
import { runAction } from '../../lib/use-action';

/**
 * The logout confirmation (spec section 4), shown as soon as it mounts; `onClosed` once it has
 * gone. Loaded when 退出登录 is first pointed at or clicked, so antd's Modal is not part of a
 * screen's first load.
 */
export function LogoutConfirm({ onClosed }: { onClosed: () => void }) {
  const [modal, modalHolder] = Modal.useModal();
  const logout = useLogout();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM_TEXT,
      okText: '确定',
      cancelText: '取消',
      // A refusal the api client has shown closes the dialog; the user stays logged in.
      onOk: () => runAction(() => logout.mutateAsync()),
      afterClose: onClosed,
    });
  }, [modal, logout, onClosed]);
  return modalHolder;
}
