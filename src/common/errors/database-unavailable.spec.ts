import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** An error as the pg driver raises it: a message and, for server errors, a SQLSTATE code. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const wrapped = (driverError: Error) => new QueryFailedError('INSERT INTO bookings …', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused (server down)', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['host unreachable', pgError('connect EHOSTUNREACH 10.0.0.5:5432', 'EHOSTUNREACH')],
    ['the server shutting down', pgError('the database system is shutting down', '57P03')],
    ['the server starting up', pgError('the database system is starting up', '57P03')],
    ['a session ended by the administrator, inside a query', wrapped(pgError('terminating connection due to administrator command', '57P01'))],
    ['a crashed server', wrapped(pgError('terminating connection because of crash of another server process', '57P02'))],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['a connection exception (class 08)', pgError('connection failure', '08006')],
    ['a lost connection', pgError('Connection terminated unexpectedly')],
    ['the pool waiting too long', pgError('timeout exceeded when trying to connect')],
    ['a client whose connection failed', pgError('Client has encountered a connection error and is not queryable')],
    ['a transaction whose connection died', new QueryRunnerAlreadyReleasedError()],
    ['a transaction whose connection was taken away', new QueryRunnerProviderAlreadyReleasedError()],
    ['a cause that is one of these', new Error('outer', { cause: pgError('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('yes: %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(pgError('duplicate key value violates unique constraint', '23505'))],
    ['a syntax error', wrapped(pgError('syntax error at or near "SELEC"', '42601'))],
    ['a check violation', wrapped(pgError('new row violates check constraint', '23514'))],
    ['a statement timeout', wrapped(pgError('canceling statement due to statement timeout', '57014'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('Connection to the mail server failed')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('no: %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
