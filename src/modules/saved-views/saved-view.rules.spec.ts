import { SAVED_VIEW_MESSAGES } from '@relining/contracts/api/saved-views';
import { savedViewChanges, savedViewProblems, type SavedViewBody } from './saved-view.rules.js';

describe('savedViewProblems', () => {
  it.each<[string, SavedViewBody, 'create' | 'update', Array<[string, string]>]>([
    [
      'a complete new view',
      { resource: 'bookings', name: 'New', filter: { status: 'new' }, sort: { field: 'createdAt', order: 'DESC' }, isDefault: true },
      'create',
      [],
    ],
    ['a new view with a null sort', { resource: 'bookings', name: 'New', sort: null }, 'create', []],
    ['a name of exactly 60 characters', { resource: 'bookings', name: 'x'.repeat(60) }, 'create', []],
    ['a name of 61 characters', { resource: 'bookings', name: 'x'.repeat(61) }, 'create', [['name', SAVED_VIEW_MESSAGES.nameTooLong]]],
    [
      'no resource or name',
      {},
      'create',
      [
        ['resource', SAVED_VIEW_MESSAGES.unknownResource],
        ['name', SAVED_VIEW_MESSAGES.nameRequired],
      ],
    ],
    ['a number for a name', { resource: 'users', name: 42 }, 'create', [['name', SAVED_VIEW_MESSAGES.nameRequired]]],
    ['the API name of the jobs list', { resource: 'jobs', name: 'A' }, 'create', [['resource', SAVED_VIEW_MESSAGES.unknownResource]]],
    ['a null filter', { resource: 'users', name: 'A', filter: null }, 'create', [['filter', SAVED_VIEW_MESSAGES.filterNotObject]]],
    [
      'a sort with an extra key',
      { resource: 'users', name: 'A', sort: { field: 'id', order: 'ASC', x: 1 } },
      'create',
      [['sort', SAVED_VIEW_MESSAGES.sortShape]],
    ],
    ['a sort with an empty field', { resource: 'users', name: 'A', sort: { field: ' ', order: 'ASC' } }, 'create', [['sort', SAVED_VIEW_MESSAGES.sortShape]]],
    ['a change of the default only', { isDefault: false }, 'update', []],
    ['a change with an unknown resource (read-only there)', { resource: 'spaceships' }, 'update', []],
    ['a change to an empty name', { name: '' }, 'update', [['name', SAVED_VIEW_MESSAGES.nameRequired]]],
    ['a change with a default of 1', { isDefault: 1 }, 'update', [['isDefault', SAVED_VIEW_MESSAGES.isDefaultBoolean]]],
  ])('%s', (_case, body, mode, expected) => {
    expect(savedViewProblems(body, mode).map(({ field, message }) => [field, message])).toEqual(expected);
  });
});

describe('savedViewChanges', () => {
  it('trims the name, keeps a null sort and takes the resource only when creating', () => {
    expect(savedViewChanges({ resource: 'bookings', name: ' A ', sort: null }, 'create')).toEqual({ resource: 'bookings', name: 'A', sort: null });
    expect(savedViewChanges({ resource: 'bookings', isDefault: true }, 'update')).toEqual({ isDefault: true });
  });
});
