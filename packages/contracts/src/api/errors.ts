/**
 * The API's error format (DESIGN.md §2): every failure, whatever its cause, answers with this body.
 * The server's global filter writes it; the client (../client/http.ts) reads it into an ApiError.
 */

/** One field's problem, with the spec's exact message. */
export interface FieldError {
  field: string;
  message: string;
}

/** A free slot a refused booking can take instead: its `preferred_date` and `preferred_time`, and how people read it. */
export interface NextSlot {
  /** yyyy-MM-dd. */
  date: string;
  /** One of the booking form's times ('9:00 AM'). */
  time: string;
  /** 'Tuesday 1 December, 9:00 AM AWST': the day and time in the region's own zone, labelled. */
  label: string;
}

export interface ApiErrorBody {
  statusCode: number;
  /** Stable, for code to act on ('VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED'…). */
  code: string;
  /** For people: shown as it is in toasts and forms. */
  message: string;
  errors?: FieldError[];
  /**
   * A booking's refused time (409 SLOT_TAKEN: just taken; 400 SLOT_CLOSED: a closed day or within the
   * minimum notice): the next free slots of that region, to choose again from. Absent on other failures.
   */
  nextSlots?: NextSlot[];
  /** The request's id in the server's logs. */
  correlationId: string;
}
