import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';

/** Staff resources live under /api/admin and speak ra-data-simple-rest's dialect (Content-Range totals). */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
