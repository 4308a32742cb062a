import { destination as pinoDestination, type DestinationStream } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { LogFormatSetting } from '../../config/app-config.js';

export type LogFormat = 'json' | 'pretty';

/** JSON for machines (a file, a pipe, a log collector); readable lines for a person at a terminal. */
export function chooseLogFormat(setting: LogFormatSetting, isTTY: boolean | undefined): LogFormat {
  if (setting !== 'auto') return setting;
  return isTTY === true ? 'pretty' : 'json';
}

export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

interface LogLine {
  context?: string;
  msg?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

/**
 * stdout for JSON lines, written asynchronously in batches: lines gather until 4 KB (about ten
 * request lines) or for at most 100 ms, then go out in one write (a write per request line was a
 * twentieth of a request's CPU under load). Nothing is dropped: what is pending is written at exit.
 */
export function stdoutDestination(): DestinationStream {
  return pinoDestination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
}

/**
 * Where pino writes. JSON: the lines as they are (to stdout asynchronously, batched). Pretty: one
 * readable line per entry, `12:04:31 INFO  [Bootstrap] Ready on …`, written at once, so what follows
 * the logs on the terminal (the demo accounts) comes after them; details of errors are kept below.
 */
export function createLogStream(format: LogFormat, output: LogOutput): DestinationStream {
  if (format === 'json') return output === process.stdout ? stdoutDestination() : { write: (line: string) => void output.write(line) };
  const pretty = prettyFactory({
    colorize: output.isTTY === true && isColorSupported,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,correlationId,req,res,responseTime',
    hideObject: false,
    singleLine: true,
    messageFormat: (log: LogLine, messageKey: string) => {
      const context = log.context ? `[${log.context}] ` : '';
      if (log.req && log.res) return `${context}${log.req.method} ${log.req.path} ${log.res.statusCode} (${log.responseTime} ms)`;
      return `${context}${String(log[messageKey] ?? '')}`;
    },
  });
  return {
    write: (line: string) => {
      // Nest's start-up chatter (every module loaded, every route mapped: about 100 lines) stays in
      // the JSON logs but would bury what a person at the terminal needs.
      if (NEST_STARTUP_CHATTER.test(line)) return;
      output.write(pretty(line));
    },
  };
}

const NEST_STARTUP_CHATTER = /"context":"(?:InstanceLoader|RoutesResolver|RouterExplorer)"/;
