import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How far below the rest of the server a hashing thread runs (Linux nice; 19 is the lowest). A
 * busy core then goes to the event loop first and to argon2id with what is left, so a burst of
 * sign-ins waits instead of slowing every other request. Only on Linux, where the nice value
 * belongs to one thread: elsewhere the same call would lower the whole process.
 */
export const HASH_THREAD_NICE = process.platform === 'linux' ? 10 : 0;

/**
 * What each thread runs: CommonJS, evaluated rather than loaded from a file, so that it runs the
 * same under node, tsx and vitest. @node-rs/argon2's synchronous calls, on this thread only.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice) require('node:os').setPriority(0, workerData.nice);
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ op, a, b }) => {
  try {
    parentPort.postMessage({ value: op === 'hash' ? argon2.hashSync(a, b) : argon2.verifySync(a, b) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});`;

const ARGON2_MODULE = createRequire(import.meta.url).resolve('@node-rs/argon2');

/** Threads with nothing to do. There are never more threads than jobs at once (the pool bounds those). */
const idle: Worker[] = [];

function startThread(): Worker {
  const thread = new Worker(THREAD_CODE, {
    eval: true,
    workerData: { argon2: ARGON2_MODULE, nice: HASH_THREAD_NICE },
  });
  thread.unref(); // an idle thread keeps no process alive
  const forget = () => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
  };
  thread.on('error', forget).on('exit', forget);
  return thread;
}

/** argon2id's hash on a hashing thread (@node-rs/argon2's hashSync there). */
export function hashOnThread(password: string, options: object): Promise<string> {
  return run({ op: 'hash', a: password, b: options }) as Promise<string>;
}

/** argon2's verify on a hashing thread; rejects for a stored hash it cannot read. */
export function verifyOnThread(hash: string, password: string): Promise<boolean> {
  return run({ op: 'verify', a: hash, b: password }) as Promise<boolean>;
}

/** One call on an idle thread (or a new one). A thread that dies fails its call and is not used again. */
function run(call: { op: 'hash' | 'verify'; a: string; b: unknown }): Promise<unknown> {
  const thread = idle.pop() ?? startThread();
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    const onMessage = (answer: { value?: unknown; error?: string }) => {
      idle.push(thread);
      settle(() => (answer.error === undefined ? resolve(answer.value) : reject(new Error(answer.error))));
    };
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`argon2 thread exited with ${code}`)));
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage(call);
  });
}
