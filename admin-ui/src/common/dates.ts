import { formatDateIn, formatDateTimeIn, isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { consoleConfig } from './consoleConfig';

/**
 * One clock: the console formats every date and time with Intl in the server's display zone
 * (TZ_DISPLAY, from /api/admin/console-config), never the browser's, through these helpers.
 */
const zone = () => consoleConfig.current.timeZone;

/** '21/11/2026, 9:41 am AEDT' (empty for none). */
export const formatDateTime = (instant: string | null | undefined): string => (instant ? formatDateTimeIn(zone(), instant) : '');

/** '21/11/2026': the day an instant falls on in the display zone. */
export const formatDate = (instant: string | null | undefined): string => (instant ? formatDateIn(zone(), instant) : '');

/** '9:41 am AEDT'. */
export const formatTime = (instant: string | null | undefined): string => (instant ? formatDateTimeIn(zone(), instant).replace(/^[^,]*,\s*/, '') : '');

/** A calendar day (yyyy-MM-dd, no time: a preferred date, a chart's day) as '21/11/2026', exactly as written. */
export const formatCalendarDay = (day: string | null | undefined): string => (day ? formatDateIn('UTC', `${day}T00:00:00Z`) : '');

/** Today in the display zone, yyyy-MM-dd. */
export const todayInDisplayZone = (): string => isoDayIn(zone());

/** 'Melbourne time': for headings and filters whose days are the display zone's. */
export const displayZoneLabel = (): string => zoneLabel(zone());
