// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBackupSchedule } from '../../src/server/modules/backups/schedule';

afterEach(() => {
  vi.useRealTimers();
});

describe('the backup schedule timer', () => {
  it('ticks at the start of every minute, goes on after a failed tick, and stops', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2031-01-15T05:29:30Z'));
    const failure = new Error('sin base de datos');
    const tick = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue('before-hour');
    const onError = vi.fn();
    const stop = startBackupSchedule(tick, onError);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).toHaveBeenCalledTimes(2);

    stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
