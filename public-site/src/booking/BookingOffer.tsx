import { INC_GST, INSPECTION_PRICE } from '@relining/contracts/business';
import { COMPANY } from '../lib/site';
import { OFFER_POINTS } from '../pages/home-content';
import { BookingForm, type BookingFormProps } from './BookingForm';

/**
 * The Clean & View offer beside its booking form: the price, a heading and a lead of the page's own,
 * the offer's points and the phone. The home page and every local page show it.
 */
export function BookingOffer({ titleId, title, lead, form }: { titleId: string; title: string; lead: string; form: BookingFormProps }) {
  return (
    <div className="container offer">
      <div className="offer__intro">
        <p className="offer__price">
          From <strong>{INSPECTION_PRICE}</strong> {INC_GST}
        </p>
        <h2 id={titleId}>{title}</h2>
        <p>{lead}</p>
        <ul className="checklist">
          {OFFER_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p>
          Prefer to talk? Call <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
        </p>
      </div>
      <div className="panel offer__form">
        <BookingForm {...form} />
      </div>
    </div>
  );
}
