import type { Database } from '../../db/client';
import type { Committed, IngestStep, Reading } from './ingest';
import { writeBatch } from './reading-path';

interface Pending {
  item: Reading;
  /** When it was added (performance.now()). */
  since: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface IngestOptions {
  /** Readings collected before a batch is written without waiting further. */
  maxBatch?: number;
  /** How long the first reading of a batch may wait for company, in ms. */
  maxDelayMs?: number;
  /** Called after a batch committed, with the lifts it changed and the readings it stored. */
  onCommitted?: (committed: Committed) => void;
  /**
   * Steps of other domains in READING_STEPS' order (reading-path.ts), read at each batch (modules
   * add theirs after the gateway started).
   */
  steps?: readonly IngestStep[];
  onError?: (error: unknown) => void;
  /** Called after each write of a batch, committed or not (the metrics, server/plugins/metrics.ts). */
  onBatch?: (batch: BatchOutcome) => void;
}

export interface BatchOutcome {
  /** Readings in the batch, and of them those stored now (0 when it failed). */
  readings: number;
  stored: number;
  seconds: number;
  committed: boolean;
}

/**
 * Group commit of controller readings (docs/device-protocol.md): readings arriving within a few milliseconds
 * are written in ONE transaction with multi-row statements, and each reading's promise resolves
 * only after that transaction committed, so an acknowledgement never covers uncommitted data.
 * The same `(imei, seq)` is stored once: the receipt insert decides, in the same transaction.
 * One batch is written at a time; the next one gathers while the current one commits.
 */
export class IngestQueue {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly db: Database,
    private readonly options: IngestOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 2;
  }

  /** Resolves once the reading is committed (or was already stored); rejects when it could not be. */
  add(item: Reading): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ingest closed'));
    return new Promise<void>((resolve, reject) => {
      this.buffer.push({ item, since: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Writes what is buffered and waits for it; refuses new readings. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running || this.buffer.length > 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      if (!this.running) this.start();
      await this.running;
    }
  }

  private schedule() {
    if (this.running) return; // the running batch picks the buffer up when it ends
    // The first reading waits at most maxDelayMs for company. Readings that arrived while a batch
    // was committing have mostly waited that long already and go at once: no idle pause between
    // two batches under load.
    const waited = performance.now() - (this.buffer[0]?.since ?? performance.now());
    if (this.buffer.length >= this.maxBatch || waited >= this.maxDelayMs) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.start();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (!this.running) this.start();
      }, this.maxDelayMs - waited);
    }
  }

  private start() {
    const batch = this.buffer.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.running = this.write(batch).finally(() => {
      this.running = undefined;
      if (this.buffer.length > 0) {
        if (this.closed || this.buffer.length >= this.maxBatch) this.start();
        else this.schedule();
      }
    });
  }

  private async write(batch: Pending[]) {
    try {
      const committed = await this.timedWrite(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
      if (committed.liftIds.size > 0) this.options.onCommitted?.(committed);
    } catch (error) {
      this.options.onError?.(error);
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One poisonous reading must not block the others forever: retry each on its own.
      for (const p of batch) {
        try {
          const committed = await this.timedWrite([p.item]);
          p.resolve();
          if (committed.liftIds.size > 0) this.options.onCommitted?.(committed);
        } catch (single) {
          p.reject(single);
        }
      }
    }
  }

  private async timedWrite(items: Reading[]): Promise<Committed> {
    const started = performance.now();
    const report = (stored: number, committed: boolean) =>
      this.options.onBatch?.({
        readings: items.length,
        stored,
        seconds: (performance.now() - started) / 1000,
        committed,
      });
    try {
      const committed = await writeBatch(this.db, items, this.options.steps);
      report(committed.stored, true);
      return committed;
    } catch (error) {
      report(0, false);
      throw error;
    }
  }
}
