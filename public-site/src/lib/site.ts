import { COMPANY } from '@relining/contracts/business';

/** Navigation of spec §2: the top bar shows the first five; the mobile menu and footer add the portal. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/why-no-dig', label: 'Why No-Dig' },
  { href: '/plumber-referral', label: 'For Plumbers' },
  { href: '/corporate', label: 'For Councils & Corporate' },
] as const;

export const PORTAL_LINK = { href: '/plumber-portal', label: 'Plumber Portal' } as const;

export const FOOTER_LINKS = [...NAV_LINKS, PORTAL_LINK, { href: '/rapidresin', label: 'RapidResin Products' }] as const;

export { COMPANY };
