import { RealNameStatus } from '@agent-console/contract/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import { useStore } from '../../../lib/create-store';
import { agentInfoQuery, unfinishedTasksQuery, useReloadSession, userInfoQuery } from '../../../lib/session';
import { runAction } from '../../../lib/use-action';
import { realNameRecordQuery, securityRecordKeys, withdrawAccountQuery } from '../api/security-state';
import { withdrawalKeys } from '../api/withdraw-apply';
import { dialogRequests, openSecurityDialog } from '../dialog-store';
import { GateTexts, gateOf, isFirstRealNameSubmission, type SecurityDialog } from '../gates';
import { IdentityDialog } from './identity-dialog';
import { PasswordDialog } from './password-dialog';
import { ChangePhoneDialog, VerifyPhoneDialog } from './phone-dialogs';
import { WithdrawApplyDialog } from './withdraw-apply-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type OpenKind =
  | 'verifyPhone'
  | 'changePhone'
  | 'loginPassword'
  | 'payPassword'
  | 'identity'
  | 'withdraw'
  | 'withdrawApply';

const kindOf = (dialog: SecurityDialog): OpenKind =>
  dialog.kind === 'password' ? (dialog.mode === 'login' ? 'loginPassword' : 'payPassword') : dialog.kind;

interface WithdrawLookup {
  maskedRealName: string | null;
  currentAccount: string | null;
}

/**
 * The account-security dialogs and their gates (spec sections 4, 5 and 8), mounted once in the
 * header. Requests come through `openSecurityDialog`. Identity and password dialogs check the
 * phone first; the withdraw dialog the phone, then the identity, then looks the real name up.
 * After a success the tasks, agent info and user info are loaded again.
 */
export function SecurityDialogs() {
  const queryClient = useQueryClient();
  const request = useStore(dialogRequests);
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const reload = useReloadSession();
  const [open, setOpen] = useState<OpenKind | null>(null);
  const [withdraw, setWithdraw] = useState<WithdrawLookup>({ maskedRealName: null, currentAccount: null });
  const user = useQuery(userInfoQuery()).data;
  const agent = useQuery(agentInfoQuery()).data;
  const record = useQuery({ ...realNameRecordQuery(), enabled: open === 'identity' }).data;
  const account = useQuery({ ...withdrawAccountQuery(), enabled: open === 'withdraw' }).data;

  useEffect(() => {
    if (!request) return;
    dialogRequests.set(null);
    const { dialog } = request;
    const run = async () => {
      // The click waits for these: a failure is toasted (the tasks too), and nothing opens.
      const [agentInfo, userInfo, tasks] = await Promise.all([
        queryClient.ensureQueryData(agentInfoQuery()),
        queryClient.fetchQuery(userInfoQuery()),
        queryClient.fetchQuery(unfinishedTasksQuery({ silent: false })),
      ]);
      const outcome = gateOf(dialog, {
        agentLevel: agentInfo.agentLevel,
        tasks,
        realNameStatus: userInfo.realNameStatus,
      });
      if (outcome === 'verifyPhone') {
        modal.confirm({
          title: '提示',
          content: GateTexts.verifyPhoneFirst,
          okText: GateTexts.goVerify,
          cancelText: GateTexts.cancel,
          onOk: () => openSecurityDialog({ kind: 'verifyPhone' }),
        });
        return;
      }
      if (outcome === 'underReview') {
        void toast.warning(GateTexts.underReview);
        return;
      }
      if (outcome === 'realName') {
        modal.confirm({
          title: '提示',
          content: GateTexts.realNameFirst,
          okText: GateTexts.goAuthenticate,
          cancelText: GateTexts.cancel,
          onOk: () => openSecurityDialog({ kind: 'identity' }),
        });
        return;
      }
      if (outcome === 'withdrawInfo') {
        modal.confirm({
          title: '提示',
          content: GateTexts.withdrawInfoFirst,
          okText: GateTexts.goFill,
          cancelText: GateTexts.cancel,
          onOk: () => openSecurityDialog({ kind: 'withdraw' }),
        });
        return;
      }
      if (dialog.kind === 'withdraw') {
        // The third gate: the real-name lookup, whose masked name is shown and prefilled.
        const [realName, current] = await Promise.all([
          queryClient.fetchQuery(realNameRecordQuery()),
          queryClient.fetchQuery(withdrawAccountQuery()),
        ]);
        setWithdraw({
          maskedRealName: realName?.status === RealNameStatus.VERIFIED ? realName.realName : null,
          currentAccount: current?.accountNo ?? null,
        });
      }
      setOpen(kindOf(dialog));
    };
    void runAction(run);
  }, [request, queryClient, modal, toast]);

  const close = () => setOpen(null);
  /** A withdrawal applied: its balances and records load again (the session did not change). */
  const applied = () => {
    setOpen(null);
    for (const queryKey of withdrawalKeys()) void queryClient.invalidateQueries({ queryKey });
  };
  const done = () => {
    const wasWithdraw = open === 'withdraw';
    setOpen(null);
    void reload(securityRecordKeys()).then(() => {
      // 填写提现信息 also needs the withdraw password: ask for it next when it is not set.
      const fresh = queryClient.getQueryData(userInfoQuery().queryKey);
      if (wasWithdraw && fresh && !fresh.isSetPayPassword) {
        openSecurityDialog({ kind: 'password', mode: 'pay' });
      }
    });
  };
  const phone = user?.mobilePhone ?? '';

  return (
    <>
      {modalHolder}
      {toastHolder}
      <VerifyPhoneDialog
        open={open === 'verifyPhone'}
        boundPhone={agent?.completeMobilePhone ?? ''}
        onClose={close}
        onDone={done}
      />
      <ChangePhoneDialog open={open === 'changePhone'} onClose={close} onDone={done} />
      <PasswordDialog
        mode="login"
        open={open === 'loginPassword'}
        firstTime={user ? !user.isSetLoginPassword : false}
        phone={phone}
        onClose={close}
        onDone={done}
      />
      <PasswordDialog
        mode="pay"
        open={open === 'payPassword'}
        firstTime={user ? !user.isSetPayPassword : false}
        phone={phone}
        onClose={close}
        onDone={done}
      />
      <IdentityDialog
        open={open === 'identity'}
        firstSubmission={isFirstRealNameSubmission(record ? record.status : (user?.realNameStatus ?? null))}
        phone={phone}
        onClose={close}
        onDone={done}
      />
      <WithdrawDialog
        open={open === 'withdraw'}
        firstTime={account === null || (account === undefined && withdraw.currentAccount === null)}
        maskedRealName={withdraw.maskedRealName}
        currentAccount={account?.accountNo ?? withdraw.currentAccount}
        phone={phone}
        onClose={close}
        onDone={done}
      />
      <WithdrawApplyDialog open={open === 'withdrawApply'} phone={phone} onClose={close} onDone={applied} />
    </>
  );
}
