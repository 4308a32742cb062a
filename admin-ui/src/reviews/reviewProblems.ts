import { errorMessage } from '@relining/contracts/client/http';

/**
 * The server's words for a refusal: its message, then each listed problem ('Row 3, rating: …',
 * a review that cannot be published) that says more than the message does.
 */
export function problemText(error: unknown, fallback = 'Please try again.'): string {
  const message = errorMessage(error, fallback);
  const details = problemList(error).filter((line) => line !== message);
  return [message, ...details].join(' ');
}

/** Each listed problem of a refusal (the API's `errors`), as 'field: message' unless the message names it already. */
export function problemList(error: unknown): string[] {
  const errors = (error as { body?: { errors?: unknown } } | null | undefined)?.body?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((item): item is { field?: unknown; message: string } => typeof (item as { message?: unknown } | null)?.message === 'string')
    .map((item) => {
      // An import's row problem: 'row 3 rating' → 'Row 3, rating: …' (rows counted as a spreadsheet shows them).
      const row = typeof item.field === 'string' ? /^row (\d+)\s*(.*)$/i.exec(item.field.trim()) : null;
      if (row) return `Row ${row[1]}${row[2] ? `, ${row[2]}` : ''}: ${item.message}`;
      const field = typeof item.field === 'string' && item.field && !/^(ids?|status|file|body)$/.test(item.field) ? item.field : '';
      return field && !item.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${item.message}` : item.message;
    });
}
