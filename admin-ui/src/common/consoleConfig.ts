import { httpClient } from '../providers/httpClient';

/** What the console needs from its server before it shows anything (GET /api/admin/console-config). */
export interface ConsoleConfig {
  /** TZ_DISPLAY: every date and time is shown in this zone, whatever the browser's. */
  timeZone: string;
  /** 'preview' when no SMTP server is configured: e-mails are saved, never sent. */
  emailDelivery: 'smtp' | 'preview';
  publicBaseUrl: string;
}

/** The product's defaults, until the server has answered (never the browser's zone). */
const DEFAULTS: ConsoleConfig = { timeZone: 'Australia/Melbourne', emailDelivery: 'smtp', publicBaseUrl: '' };

let current: ConsoleConfig = DEFAULTS;
let loading: Promise<ConsoleConfig> | null = null;

export const consoleConfig = {
  get current(): ConsoleConfig {
    return current;
  },
  /** Loads once per signed-in session (checkAuth waits for it, so pages render with the server's zone). */
  load(): Promise<ConsoleConfig> {
    loading ??= httpClient('/api/admin/console-config').then(
      ({ json }) => (current = { ...DEFAULTS, ...(json as Partial<ConsoleConfig>) }),
      () => {
        loading = null;
        return current;
      },
    );
    return loading;
  },
  reset(): void {
    loading = null;
  },
};
