import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { BOOKING_BUTTON_LABEL, COMPANY } from '../../../src/contracts/company';
import { BookingForm } from '../booking/BookingForm';
import { Dialog } from './Dialog';

interface BookingDialogApi {
  openBooking: () => void;
}

const BookingDialogContext = createContext<BookingDialogApi>({ openBooking: () => undefined });

/** One booking dialog for the whole site; every 'Book Clean & View' button opens it. */
export function BookingDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openBooking = useCallback(() => setOpen(true), []);
  const api = useMemo(() => ({ openBooking }), [openBooking]);
  return (
    <BookingDialogContext.Provider value={api}>
      {children}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Book Your Clean & View Inspection"
        description="A high-pressure water-jet clean and a CCTV camera inspection of your pipes, with a detailed report and our recommendations. From $299, and the fee is waived if you go ahead with relining."
      >
        <BookingForm idPrefix="dialog-booking" />
        <p className="booking-dialog__call">
          Prefer to talk it through? Call us on{' '}
          <a href={COMPANY.phoneHref} className="link-strong">
            {COMPANY.phone}
          </a>
          .
        </p>
      </Dialog>
    </BookingDialogContext.Provider>
  );
}

export function useBookingDialog(): BookingDialogApi {
  return useContext(BookingDialogContext);
}

/** The site's primary call to action: 'Book Clean & View: From $299'. */
export function BookingButton({ className = 'button button--primary', label = BOOKING_BUTTON_LABEL }: { className?: string; label?: string }) {
  const { openBooking } = useBookingDialog();
  return (
    <button type="button" className={className} onClick={openBooking}>
      {label}
    </button>
  );
}
