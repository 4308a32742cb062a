/**
 * The API's error format (DESIGN.md §2): every failure, whatever its cause, answers with this body.
 * The server's global filter writes it; the client (../client/http.ts) reads it into an ApiError.
 */

/** One field's problem, with the spec's exact message. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  statusCode: number;
  /** Stable, for code to act on ('VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED'…). */
  code: string;
  /** For people: shown as it is in toasts and forms. */
  message: string;
  errors?: FieldError[];
  /** A booking whose time was just taken (409 SLOT_TAKEN): the next free times of that region. */
  nextSlots?: Array<{ date: string; time: string; label: string }>;
  /** The request's id in the server's logs. */
  correlationId: string;
}
