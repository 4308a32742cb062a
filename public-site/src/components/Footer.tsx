import { Link } from 'wouter';
import { COMPANY, FOOTER_LINKS } from '../lib/site';
import { Logo } from './Logo';

const BADGE_ICONS: Record<string, string> = {
  'Licensed Plumber': 'M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.8 6.5 19.5l1-6.3L3 8.9 9 8z',
  'Fully Insured': 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z',
  'Australian Owned': 'M4 4h16v16H4z',
  '25 Year Warranty': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v6h-2zm0 8h2v2h-2z',
};

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div>
          <Logo />
          <p className="footer__blurb">
            Trenchless pipe relining for homes, businesses and councils. No digging, no drama: most jobs done in a day, backed by a
            25-year guarantee.
          </p>
        </div>
        <div>
          <h2 className="footer__heading">Contact</h2>
          <ul className="footer__list">
            <li>
              <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
            </li>
            <li>
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </li>
            <li>{COMPANY.serviceArea}</li>
          </ul>
        </div>
        <div>
          <h2 className="footer__heading">Quick Links</h2>
          <ul className="footer__list">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container">
        <ul className="badges" aria-label="Accreditations">
          {COMPANY.accreditations.map((badge) => (
            <li key={badge} className="badge">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d={BADGE_ICONS[badge]} fill="currentColor" />
              </svg>
              {badge}
            </li>
          ))}
        </ul>
        <div className="footer__bottom">
          <p>
            © {year} {COMPANY.name}. All rights reserved.
          </p>
          <p className="footer__legal">
            <Link href="/privacy">Privacy Policy</Link>
            <Link href="/terms">Terms of Service</Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
