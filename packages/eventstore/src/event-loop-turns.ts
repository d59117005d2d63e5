import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work done between turns at most, so that other requests wait no longer than this (and then some). */
const TURN_MS = 10;

/**
 * Lets other requests run while a long piece of work (an import reading and checking its rows, the
 * personal data of a batch of events sealed or opened) goes on: `await turns.take()` between small steps gives the event loop up once the steps since the last
 * turn have taken TURN_MS, and costs a clock reading otherwise.
 */
export class EventLoopTurns {
  private last = performance.now();

  async take(): Promise<void> {
    if (performance.now() - this.last < TURN_MS) return;
    await nextTurn();
    this.last = performance.now();
  }
}
