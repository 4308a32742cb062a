import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BOOKING_BUTTON_LABEL, COMPANY, INSPECTION_PRICE_FROM } from '@relining/contracts/business';
import { onFirstInteraction } from '../lib/first-interaction';
import { Dialog } from './Dialog';

// The dialog's form is fetched at the visitor's first interaction (ready before the dialog opens), not
// with the page: most pages never open it, and the home page has its own copy of the form anyway.
const loadBookingForm = () => import('../booking/BookingForm');
const BookingForm = lazy(() => loadBookingForm().then((module) => ({ default: module.BookingForm })));

interface BookingDialogApi {
  openBooking: () => void;
}

const BookingDialogContext = createContext<BookingDialogApi>({ openBooking: () => undefined });

/** One booking dialog for the whole site; every 'Book Clean & View' button opens it. */
export function BookingDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openBooking = useCallback(() => setOpen(true), []);
  const api = useMemo(() => ({ openBooking }), [openBooking]);
  useEffect(() => onFirstInteraction(() => void loadBookingForm()), []);
  return (
    <BookingDialogContext.Provider value={api}>
      {children}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Book Your Clean & View Inspection"
        description={`A high-pressure water-jet clean and a CCTV camera inspection of your pipes, with a detailed report and our recommendations. ${INSPECTION_PRICE_FROM}, and the fee is waived if you go ahead with relining.`}
      >
        <Suspense fallback={null}>
          <BookingForm idPrefix="dialog-booking" draftKey="booking-dialog" />
          <p className="booking-dialog__call">
            Prefer to talk it through? Call us on{' '}
            <a href={COMPANY.phoneHref} className="link-strong">
              {COMPANY.phone}
            </a>
            .
          </p>
        </Suspense>
      </Dialog>
    </BookingDialogContext.Provider>
  );
}

export function useBookingDialog(): BookingDialogApi {
  return useContext(BookingDialogContext);
}

/** The site's primary call to action: 'Book Clean & View: From' the inspection price. */
export function BookingButton({ className = 'button button--primary', label = BOOKING_BUTTON_LABEL }: { className?: string; label?: string }) {
  const { openBooking } = useBookingDialog();
  return (
    <button type="button" className={className} onClick={openBooking}>
      {label}
    </button>
  );
}
