import { COPYRIGHT_YEARS } from '@agent-console/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeReturnPath } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSiteBrand } from '../../../features/site/api/get-site-info';
import './login.css';

/** /login: the site's logo and name over the login card; back to the wanted page afterwards. */
export default function LoginRoute() {
  const brand = useSiteBrand();
  const navigate = useNavigate();
  const [params] = useSearchParams();

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
      </main>
      <footer className="login-footer">
        Copyright © {COPYRIGHT_YEARS} {brand.name}
      </footer>
    </div>
  );
}
