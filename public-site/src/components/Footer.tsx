import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { WARRANTY } from '@relining/contracts/business';
import { COMPANY, FOOTER_LINKS } from '../lib/site';
import { Logo } from './Logo';
import { useSiteContent } from '../lib/site-content';
import { formatAbn } from '@relining/contracts/site-content';
import { SERVICE_AREAS, serviceAreaPath } from '@relining/contracts/service-areas';

/** The local pages (issue 20), capitals then regional centres, as the list of areas orders them. */
const AREA_GROUPS = [
  { kind: 'capital', title: 'Capital cities' },
  { kind: 'regional', title: 'Regional centres' },
] as const;

/**
 * One line icon for each accreditation badge (spec §2 footer), drawn for its words: a wrench for the
 * licensed plumber, a shield with a tick for the insurance, the map of Australia (with Tasmania) for
 * Australian owned, an award rosette for the warranty. Inline SVG: no request, no icon font.
 */
const BADGE_ICONS: Record<(typeof COMPANY.accreditations)[number], ReactNode> = {
  'Licensed Plumber': (
    <path d="M13.28 12.98 7.08 19.18a1.6 1.6 0 0 1-2.26-2.26l6.2-6.2A5 5 0 0 1 17.53 3.93L15.2 6.26l2.54 2.54 2.33-2.33a5 5 0 0 1-6.79 6.51z" />
  ),
  'Fully Insured': (
    <>
      <path d="M12 21.5s7.5-3.4 7.5-9.5V5.6L12 2.5 4.5 5.6V12c0 6.1 7.5 9.5 7.5 9.5z" />
      <path d="m8.8 12 2.2 2.2 4.3-4.4" />
    </>
  ),
  'Australian Owned': (
    <>
      <path d="M16.5 3.8 17.0 5.2 17.8 6.2 18.4 7.9 19.7 8.7 20.5 9.8 21.0 10.5 21.8 11.2 22.0 12.8 21.7 14.2 20.8 15.4 20.2 17.2 18.4 18.1 17.5 17.6 17.0 17.9 15.5 17.5 15.0 17.1 14.7 16.3 14.3 16.3 14.5 15.8 14.2 15.0 14.0 15.8 13.2 15.9 12.8 15.5 12.1 14.6 10.8 14.2 9.7 14.3 7.8 14.8 6.2 15.4 4.2 16.0 2.8 15.7 3.1 14.5 2.5 12.9 2.0 11.5 2.2 9.4 3.6 8.8 4.5 8.7 5.9 8.2 6.7 6.7 7.5 6.2 8.5 5.4 9.3 6.0 10.0 6.0 10.3 5.0 10.7 4.7 11.5 4.2 13.7 4.6 13.2 6.0 15.0 7.2 15.9 6.8 16.0 4.8z" />
      <path d="M17.5 19.5 19.4 19.5 19.2 20.7 18.7 20.9 17.8 20.2z" />
    </>
  ),
  [WARRANTY.badge]: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.6 14 7.5 21.5l4.5-2.6 4.5 2.6-1.1-7.5" />
      <path d="m9.6 9 1.6 1.6 3.2-3.2" />
    </>
  ),
};

/**
 * The shared footer (spec §2): contact, quick links and the badges, with the business's credentials
 * from the company profile (issue 14): legal name, ABN, licences per state, hours, social and review
 * links. Each is printed only when staff have entered it, so the footer claims nothing it cannot back.
 */
export function Footer() {
  const year = new Date().getFullYear();
  const { profile } = useSiteContent();
  const links = [...profile.reviewLinks, ...profile.socialLinks];
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div>
          <Logo />
          <p className="footer__blurb">
            {`Trenchless pipe relining for homes, businesses and councils. No digging, no drama: most jobs done in a day, backed by a ${WARRANTY.guarantee}.`}
          </p>
          {profile.legalName || profile.abn ? (
            <p className="footer__entity">
              {profile.legalName ? <span>{profile.legalName}</span> : null}
              {profile.abn ? <span>ABN {formatAbn(profile.abn)}</span> : null}
            </p>
          ) : null}
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
            {profile.serviceHours ? <li>{profile.serviceHours}</li> : null}
          </ul>
        </div>
        <div>
          <h2 className="footer__heading">Quick Links</h2>
          <ul className="footer__list footer__list--columns">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        {profile.licences.length > 0 || links.length > 0 ? (
          <div>
            <h2 className="footer__heading">Licences &amp; Reviews</h2>
            <ul className="footer__list">
              {profile.licences.map((licence) => (
                <li key={`${licence.state}:${licence.number}`}>
                  {licence.state} plumbing licence {licence.number}
                </li>
              ))}
              {links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer" target="_blank">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <nav className="container footer__areas" aria-labelledby="footer-areas-title">
        <h2 id="footer-areas-title" className="footer__heading">
          Areas we service
        </h2>
        {AREA_GROUPS.map((group) => (
          <div key={group.kind} className="footer__area-group">
            <h3 className="footer__subheading">{group.title}</h3>
            <ul className="footer__area-list">
              {SERVICE_AREAS.filter((area) => area.kind === group.kind).map((area) => (
                <li key={area.slug}>
                  {/* A full page load: each local page brings its own area's reviews (lib/page-content.ts). */}
                  <a href={serviceAreaPath(area)}>{area.name}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="container">
        <ul className="badges" aria-label="Accreditations">
          {COMPANY.accreditations.map((badge) => (
            <li key={badge} className="badge">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {BADGE_ICONS[badge]}
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
