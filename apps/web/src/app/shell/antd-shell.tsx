import { Outlet } from 'react-router';
import { AntdProvider } from '../../components/antd-provider';

/** The pathless route around the 404 page and the console layout: antd and its Chinese locale. */
export default function AntdShell() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
