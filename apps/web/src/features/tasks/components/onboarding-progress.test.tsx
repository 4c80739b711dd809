import type { UnfinishedTask } from '@agent-console/contract/task';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TaskDialog } from '../task-target';
import { OnboardingProgress } from './onboarding-progress';

function renderProgress(tasks: UnfinishedTask[], agentLevel: number) {
  const onOpenDialog = vi.fn<(dialog: TaskDialog) => void>();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <OnboardingProgress tasks={tasks} agentLevel={agentLevel} onOpenDialog={onOpenDialog} />,
      },
      { path: '/setting', element: <p>基础设置页</p> },
      { path: '/user-center', element: <p>个人中心页</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { onOpenDialog, router };
}

describe('OnboardingProgress', () => {
  it('opens the dialog of each task still to do, as the bell does; a finished task is not a button', async () => {
    const { onOpenDialog } = renderProgress(
      [
        { type: 1, finished: true },
        { type: 2, finished: false },
        { type: 3, finished: false },
        { type: 4, finished: false },
      ],
      4,
    );
    expect(screen.getByText('还有 3 项待完成')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /验证绑定手机/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '修改初始密码：去完成' }));
    await userEvent.click(screen.getByRole('button', { name: '身份认证：去完成' }));
    await userEvent.click(screen.getByRole('button', { name: '填写提现信息：去完成' }));
    expect(onOpenDialog.mock.calls).toEqual([['loginPassword'], ['identity'], ['withdraw']]);
  });

  it('leads the operator to its screens for identity and content configuration', async () => {
    const { onOpenDialog, router } = renderProgress(
      [
        { type: 3, finished: false },
        { type: 5, finished: false },
      ],
      0,
    );
    await userEvent.click(screen.getByRole('button', { name: '内容配置：去完成' }));
    expect(await screen.findByText('基础设置页')).toBeTruthy();
    await router.navigate('/');
    await userEvent.click(await screen.findByRole('button', { name: '身份认证：去完成' }));
    expect(await screen.findByText('个人中心页')).toBeTruthy();
    expect(onOpenDialog).not.toHaveBeenCalled();
  });
});
