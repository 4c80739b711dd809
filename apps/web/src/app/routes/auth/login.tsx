import { COPYRIGHT_YEARS } from '@agent-console/contract/constants';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeReturnPath } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSiteBrand } from '../../../features/site/api/get-site-info';
import { loadChunk } from '../../../lib/lazy-chunk';
import './login.css';

// The reset mode of the password dialog brings antd: loaded on the first click only.
const ResetPasswordEntry = lazy(() =>
  loadChunk(() => import('../../../features/security/components/reset-password-entry')),
);

/** /login: the site's logo and name over the login card; back to the wanted page afterwards. */
export default function LoginRoute() {
  const brand = useSiteBrand();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [resetWanted, setResetWanted] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);

  return (
    <div className="login-page">
      <main className="login-card">
        <header className="login-card-head">
          <img className="login-card-logo" src={brand.logo} alt="" />
          <h1 className="login-card-title">{brand.name}</h1>
          <p className="login-card-subtitle">欢迎登录，请使用手机号和密码登录</p>
        </header>
        <LoginForm
          onLoggedIn={() => void navigate(safeReturnPath(params.get(REDIRECT_PARAM)), { replace: true })}
        />
        <div className="login-extra">
          <button
            type="button"
            className="login-forgot"
            onClick={() => {
              setResetWanted(true);
              setResetOpen(true);
            }}
          >
            忘记密码
          </button>
        </div>
      </main>
      {resetWanted && (
        <Suspense fallback={null}>
          <ResetPasswordEntry open={resetOpen} onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
      <footer className="login-footer">
        Copyright © {COPYRIGHT_YEARS} {brand.name}
      </footer>
    </div>
  );
}
