/**
 * Saved views (issue 19): each staff user's named filters per console list, stored on the server so
 * they follow the person across browsers. One view per list may be the user's default for that list.
 */

/** The console lists a view can be saved for (the console's react-admin resource names: jobs are 'job-tracking', the outbox 'notifications'). */
export const SAVED_VIEW_RESOURCES = [
  'bookings',
  'job-tracking',
  'referrals',
  'rebates',
  'enquiries',
  'users',
  'notifications',
  'audit',
  'payout-runs',
  'referral-reviews',
] as const;
export type SavedViewResource = (typeof SAVED_VIEW_RESOURCES)[number];

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'Please give the view a name',
  nameTooLong: 'Please keep the name to 60 characters or fewer',
  nameTaken: 'You already have a view with this name for this list',
  unknownResource:
    'Views can be saved for these lists only: bookings, job-tracking, referrals, rebates, enquiries, users, notifications, audit, payout-runs, referral-reviews',
  filterNotObject: 'The filter must be an object of field values',
  filterTooLarge: 'The filter is too large to save (20,000 characters at most)',
  sortShape: 'The sort must be a field and an order, ASC or DESC',
  isDefaultBoolean: 'isDefault must be true or false',
  notFound: 'This saved view does not exist',
} as const;

export const SAVED_VIEW_NAME_MAX = 60;

/** GET /api/admin/saved-views (the caller's own views; filter: resource). */
export interface SavedView {
  id: string;
  resource: SavedViewResource;
  name: string;
  /** react-admin's filter values, as the list sends them. */
  filter: Record<string, unknown>;
  /** react-admin's sort, or null for the list's own default. */
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/admin/saved-views, PUT /api/admin/saved-views/:id. */
export interface SavedViewInput {
  resource: SavedViewResource;
  name: string;
  filter?: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' } | null;
  isDefault?: boolean;
}
