const MINUTE_MS = 60_000;

/**
 * The daily jobs' clock (the backup, the morning reminders): ticks at the start of every minute until stopped. The timer is unref'd (it never keeps the process
 * alive) and a tick's failure is reported, never thrown: the next minute tries again. `stop` resolves
 * once a tick under way has ended, so the app closes its database only after.
 */
export function startMinuteTimer(tick: () => Promise<unknown>, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick()
          .then(() => {}, onError)
          .finally(schedule);
      },
      MINUTE_MS - (Date.now() % MINUTE_MS),
    );
    timer.unref();
  };
  schedule();
  return (): Promise<void> => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}
