import { Suspense, useState } from 'react';
import { useStore } from '../../../lib/create-store';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { dialogRequests } from '../dialog-store';

const SecurityDialogs = lazyComponent(() => import('./security-dialogs').then((m) => m.SecurityDialogs));

/**
 * Where the account-security dialogs live, mounted once in the header. They (with antd's Steps,
 * Upload, Progress…) load with the first request (`openSecurityDialog`), which they then handle,
 * and stay mounted: no screen's first load carries them.
 */
export function SecurityDialogsHost() {
  const requested = useStore(dialogRequests) !== null;
  const [wanted, setWanted] = useState(requested);
  if (requested && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SecurityDialogs />
    </Suspense>
  ) : null;
}
