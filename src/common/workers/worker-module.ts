import { fileURLToPath } from 'node:url';

/** What a worker thread runs: its module's file, and the Node options it starts with (undefined: the parent's). */
export interface WorkerModule {
  filename: string;
  execArgv: string[] | undefined;
}

const SOURCE_HOOKS = new URL('./typescript-source-hooks.mjs', import.meta.url);

/**
 * The worker module `name` beside the caller (its `import.meta.url`): the compiled `name.js` when the
 * caller is compiled (dist/, as production runs), or the `name.ts` source when the caller itself runs
 * from source (Jest), with hooks that compile each module in the worker as it is imported. Worker
 * threads get none of the parent's module hooks, so the choice is made here, from where the caller runs.
 */
export function workerModule(callerUrl: string, name: string): WorkerModule {
  const fromSource = fileURLToPath(callerUrl).endsWith('.ts');
  return {
    filename: fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl)),
    // From source, the shared package is read from its source too (its "@relining/source" export condition), as Jest and tsc read it.
    execArgv: fromSource ? ['--import', SOURCE_HOOKS.href, '--conditions=@relining/source'] : undefined,
  };
}
