import type { ConsoleConfig } from '@relining/contracts/api/settings';
import { session } from '../providers/session';

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
    loading ??= session.call<Partial<ConsoleConfig>>('/admin/console-config').then(
      (answer) => (current = { ...DEFAULTS, ...answer }),
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
