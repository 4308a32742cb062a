import { describe, expect, it } from '@jest/globals';
import { companyProfileProblems, normalizeCompanyProfile, PROFILE_MESSAGES } from './company-profile-rules.js';
import { DEFAULT_COMPANY_PROFILE } from './site-content.js';

const YEAR = 2026;

describe('companyProfileProblems', () => {
  it('accepts the defaults and a full profile', () => {
    expect(companyProfileProblems(DEFAULT_COMPANY_PROFILE, YEAR)).toEqual([]);
    expect(
      companyProfileProblems(
        {
          legalName: 'Pipe Relining Australia Pty Ltd',
          abn: '51 824 753 556',
          licences: [
            { state: 'VIC', number: '12345' },
            { state: 'NSW', number: 'L-987/65' },
          ],
          establishedYear: 2009,
          socialLinks: [{ label: 'Facebook', url: 'https://facebook.com/x' }],
        },
        YEAR,
      ),
    ).toEqual([]);
  });

  it.each([
    [{ legalName: 'x'.repeat(201) }, 'legalName', PROFILE_MESSAGES.text('Legal name', 200)],
    [{ serviceHours: 'Mon\ud800' }, 'serviceHours', PROFILE_MESSAGES.text('Service hours', 200)],
    [{ insurer: 42 }, 'insurer', PROFILE_MESSAGES.text('Insurer', 200)],
    [{ abn: '12 345 678 901' }, 'abn', PROFILE_MESSAGES.abn],
    [{ licences: 'VIC' }, 'licences', PROFILE_MESSAGES.tooMany('licences (one per state or territory)', 8)],
    [{ licences: [{ state: 'VIC', number: '' }] }, 'licences[0].number', PROFILE_MESSAGES.licenceNumber],
    [{ licences: [{ state: 'VIC', number: '<script>' }] }, 'licences[0].number', PROFILE_MESSAGES.licenceNumber],
    [{ socialLinks: [{ label: '', url: 'https://x.com' }] }, 'socialLinks[0].label', PROFILE_MESSAGES.linkLabel],
    [{ reviewLinks: [{ label: 'G', url: 'javascript:alert(1)' }] }, 'reviewLinks[0].url', PROFILE_MESSAGES.linkUrl],
    [{ reviewLinks: [{ label: 'G', url: 'https://localhost' }] }, 'reviewLinks[0].url', PROFILE_MESSAGES.linkUrl],
    [{ socialLinks: Array.from({ length: 9 }, () => ({ label: 'x', url: 'https://x.com' })) }, 'socialLinks', PROFILE_MESSAGES.tooMany('links', 8)],
    [{ establishedYear: 2027 }, 'establishedYear', PROFILE_MESSAGES.establishedYear(YEAR)],
    [{ establishedYear: 2009.5 }, 'establishedYear', PROFILE_MESSAGES.establishedYear(YEAR)],
  ])('%j: %s', (input, field, message) => {
    expect(companyProfileProblems(input, YEAR)).toEqual([{ field, message }]);
  });

  it('stores trimmed text, the ABN as digits and licences in state order', () => {
    const stored = normalizeCompanyProfile({
      ...DEFAULT_COMPANY_PROFILE,
      legalName: '  Pipe Relining Australia Pty Ltd ',
      abn: '51 824 753 556',
      licences: [
        { state: 'VIC', number: ' 1 ' },
        { state: 'ACT', number: '2' },
      ],
    });
    expect(stored).toMatchObject({
      legalName: 'Pipe Relining Australia Pty Ltd',
      abn: '51824753556',
      licences: [{ state: 'ACT' }, { state: 'VIC', number: '1' }],
    });
  });
});
