import { Outlet } from 'react-router';
import { DocumentTitle } from './document-title';
import { RouteProgress } from './route-progress';

/** The root route: the guarded outlet, the navigation progress bar and the document title. */
export function RootShell() {
  return (
    <>
      <RouteProgress />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
