import { Worker } from 'node:worker_threads';

/**
 * A worker thread for work that must not hold the server's thread (the backups' verification and
 * writing, decisions 0072 and 0075; certificates, decision 0081): started at the first job and kept
 * `idleMs` after the last, since starting one loads tsx and the modules again. While a job runs the
 * thread keeps the process alive (a command waits for it); an idle thread holds nothing open.
 */
export function keptWorker(entry: URL, idleMs: number) {
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let running = 0;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(entry);
    started.once('exit', () => {
      if (worker === started) worker = undefined;
    });
    worker = started;
    return started;
  }

  return {
    /** The thread for one job, held open until `release()`. */
    acquire(): Worker {
      clearTimeout(idle);
      const current = thread();
      current.ref();
      running++;
      return current;
    },
    /** One job ended; after the last one the thread ends once it has been idle `idleMs`. */
    release(): void {
      if (--running > 0) return;
      worker?.unref();
      clearTimeout(idle);
      idle = setTimeout(() => {
        // Forgotten at once, so a job that comes while it ends gets a new thread.
        const ending = worker;
        worker = undefined;
        void ending?.terminate();
      }, idleMs);
      idle.unref();
    },
    /** The server is closing: the thread ends now. */
    async close(): Promise<void> {
      clearTimeout(idle);
      const ending = worker;
      worker = undefined;
      await ending?.terminate();
    },
  };
}

/**
 * The answer a thread posts for job `id` (`{ id, ... }`), or the thread's own failure: an error while
 * loading or a crash rejects with it, and an exit without answering (terminated) with `exited()`.
 */
export function answerOf<Answer extends { id: number }>(
  thread: Worker,
  id: number,
  exited: () => Error,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      off();
      resolve(answer);
    };
    const onError = (error: Error) => {
      off();
      reject(error);
    };
    const onExit = () => {
      off();
      reject(exited());
    };
    const off = () => {
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
    };
    thread.on('message', onMessage);
    thread.once('error', onError);
    thread.once('exit', onExit);
  });
}
