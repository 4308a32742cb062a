import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NAV_LINKS, PORTAL_LINK } from '../lib/site';
import { BookingButton } from './BookingDialog';
import { Logo } from './Logo';

/** The fixed top navigation; below 1024 px the links collapse into a menu toggled by a button. */
export function NavBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const menuId = useId();

  useEffect(() => setMenuOpen(false), [location]);

  return (
    <header className="nav">
      <div className="nav__inner container">
        <Link href="/" className="nav__brand" aria-label="Pipe Relining Australia home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="nav__desktop">
          <ul className="nav__links">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="nav__link" aria-current={location === link.href ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav__actions">
          <BookingButton className="button button--primary nav__book" />
          <button
            type="button"
            className="nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" className="nav__mobile" hidden={!menuOpen}>
        <ul>
          {[...NAV_LINKS, PORTAL_LINK].map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="nav__mobile-link" aria-current={location === link.href ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <BookingButton className="button button--primary button--block" />
          </li>
        </ul>
      </nav>
    </header>
  );
}
