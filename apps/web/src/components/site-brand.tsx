import { cx } from '../lib/cx';
import './site-brand.css';

interface SiteBrandProps {
  name: string;
  logo: string;
  /** 'dark' on the sidebar, 'light' on white surfaces. */
  theme?: 'dark' | 'light';
  /** Only the logo (a collapsed sidebar). */
  compact?: boolean;
  className?: string;
}

/** The site's logo and name, as custom site info sets them. */
export function SiteBrand({ name, logo, theme = 'light', compact = false, className }: SiteBrandProps) {
  return (
    <div className={cx('site-brand', `site-brand-${theme}`, compact && 'site-brand-compact', className)}>
      <img className="site-brand-logo" src={logo} alt="" />
      {!compact && (
        <span className="site-brand-name" title={name}>
          {name}
        </span>
      )}
    </div>
  );
}
