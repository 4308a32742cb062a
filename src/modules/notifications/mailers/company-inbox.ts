import type { AppConfig } from '../../../config/app-config.js';

/** The company's own address for staff notices: COMPANY_EMAIL without a display name. */
export function companyInbox(config: AppConfig): string {
  return config.companyEmail.replace(/^.*<([^>]+)>\s*$/, '$1');
}
