import { Worker } from 'node:worker_threads';
import { workerModule } from './worker-module.js';

describe('workerModule', () => {
  it('names the compiled module beside a compiled caller, with the Node options of the parent', () => {
    expect(workerModule('file:///app/dist/src/modules/referrals/photo-decoder.js', 'photo-worker')).toEqual({
      filename: '/app/dist/src/modules/referrals/photo-worker.js',
      execArgv: undefined,
    });
  });

  it('names the TypeScript source beside a caller running from source, loaded through the source hooks', () => {
    const sut = workerModule('file:///repo/src/modules/referrals/photo-decoder.ts', 'photo-worker');
    expect(sut.filename).toBe('/repo/src/modules/referrals/photo-worker.ts');
    expect(sut.execArgv).toEqual([
      '--import',
      expect.stringMatching(/^file:\/\/.*\/src\/common\/workers\/typescript-source-hooks\.mjs$/),
      '--conditions=@relining/source',
    ]);
  });

  it('runs a worker from TypeScript source: its .js imports find the .ts files, and more than types compiles', async () => {
    const sut = workerModule(new URL('../../../test/fixtures/workers/caller.ts', import.meta.url).href, 'greeting');
    const worker = new Worker(
      `import greet from ${JSON.stringify(sut.filename)};
       import { parentPort } from 'node:worker_threads';
       parentPort.postMessage(greet('Alice'));`,
      { eval: true, execArgv: sut.execArgv },
    );
    const answer = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(answer).toBe('Hello, Alice');
  });
});
