import { describe, expect, it } from 'vitest';
import { createAfterAnswerWork } from './after-answer';

describe('work left running after an answer', () => {
  it('is idle at once when nothing runs', async () => {
    await expect(createAfterAnswerWork().idle()).resolves.toBeUndefined();
  });

  it('becomes idle only after every task, including one started while waiting', async () => {
    const work = createAfterAnswerWork();
    const done: string[] = [];
    work.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
      work.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done.push('second');
      });
    });
    await work.idle();
    expect(done).toEqual(['first', 'second']);
  });

  it('becomes idle after a task that fails', async () => {
    const work = createAfterAnswerWork();
    work.run(() => Promise.reject(new Error('mail server down')).catch(() => {}));
    await expect(work.idle()).resolves.toBeUndefined();
  });
});
