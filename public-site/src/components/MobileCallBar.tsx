import { useEffect, useState } from 'react';
import { COMPANY } from '../lib/site';
import { useBookingDialog } from './BookingDialog';

/**
 * On a phone, once the hero (and its buttons) has scrolled away, a bar at the bottom of the screen
 * keeps the two things a visitor came for within thumb's reach: call, or book. Fixed, so it moves no
 * content (no layout shift); the page gets room at its end while it shows, so the footer is never
 * under it; hidden while a dialog is open. Wider screens never show it (styles).
 */
export function MobileCallBar() {
  const [pastHero, setPastHero] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const shown = pastHero && !dialogOpen;
  const { openBooking } = useBookingDialog();

  // Watches the page's hero, whichever page is shown: pages load lazily and replace the children of
  // <main>, so the hero is looked for again each time they change.
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main || typeof IntersectionObserver === 'undefined') return;
    let watched: Element | null = null;
    // Past means scrolled above the top of the window, not merely out of view below it.
    const intersection = new IntersectionObserver(([entry]) => setPastHero(!!entry && !entry.isIntersecting && entry.boundingClientRect.bottom <= 0));
    const watchHero = () => {
      const hero = main.querySelector('.hero');
      if (hero === watched) return;
      if (watched) intersection.unobserve(watched);
      watched = hero;
      setPastHero(false);
      if (hero) intersection.observe(hero);
    };
    watchHero();
    const mutations = new MutationObserver(watchHero);
    mutations.observe(main, { childList: true });
    // Any <dialog> (booking, product enquiry) opening or closing: a CSS :has() rule would do the
    // same, at the cost of every style recalculation of the page.
    const dialogs = new MutationObserver(() => setDialogOpen(document.querySelector('dialog[open]') !== null));
    dialogs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      mutations.disconnect();
      intersection.disconnect();
      dialogs.disconnect();
    };
  }, []);

  useEffect(() => {
    document.body.classList.toggle('has-call-bar', shown);
    return () => document.body.classList.remove('has-call-bar');
  }, [shown]);

  return (
    <div className="call-bar" data-testid="mobile-call-bar" hidden={!shown}>
      <a className="call-bar__button call-bar__button--call" href={COMPANY.phoneHref} aria-label={`Call ${COMPANY.phone}`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z" />
        </svg>
        Call
      </a>
      <button type="button" className="call-bar__button call-bar__button--book" onClick={openBooking}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        Book
        <span className="visually-hidden"> a Clean &amp; View inspection</span>
      </button>
    </div>
  );
}
