import { loadConfig } from '../../config/app-config.js';
import { adminCreatedMessage } from './admin-accounts.js';

describe('adminCreatedMessage (what npm run admin:create prints)', () => {
  it.each([
    [{ PORT: '3233' }, 'http://localhost:3233'],
    [{ PORT: '3234', PUBLIC_BASE_URL: 'https://www.example.com.au/' }, 'https://www.example.com.au'],
    [{}, 'http://localhost:3000'],
  ])('links to the address of this run: %j → %s', (env, origin) => {
    const config = loadConfig(env);
    expect(adminCreatedMessage(config.publicBaseUrl, ' first@example.com.au ', { userId: 'u', created: true, setPasswordToken: 'tok' })).toBe(
      `Created admin account: first@example.com.au\nSet the password within 24 hours (the link works once):\n${origin}/reset-password?token=tok&invite=1\n`,
    );
    expect(adminCreatedMessage(config.publicBaseUrl, 'first@example.com.au', { userId: 'u', created: false })).toBe(
      `Made admin: first@example.com.au\nLog in at ${origin}/admin\n`,
    );
  });
});
