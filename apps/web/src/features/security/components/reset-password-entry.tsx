import { AntdProvider } from '../../../components/antd-provider';
import { ResetPasswordDialog } from './reset-password-dialog';

/**
 * The forgotten-password dialog as the login page loads it: lazily, with antd and its locale, so
 * the login route's own script stays small.
 */
export default function ResetPasswordEntry({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AntdProvider>
      <ResetPasswordDialog open={open} onClose={onClose} />
    </AntdProvider>
  );
}
