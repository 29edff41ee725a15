/**
 * Work a request starts and does not wait for (a code mailed once the answer has gone). Closing
 * the server waits for it, so a shutdown does not lose a code the BDR was told is on its way, and
 * a test's reset waits for it, so the last test's mail does not land in the next test's outbox.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Runs on after the answer; its failure is the caller's to handle (`work` should not throw). */
  add(work: Promise<unknown>): void {
    const settled: Promise<void> = work.then(
      () => {},
      () => {},
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  /** Resolves once all work added so far, and any it added, has finished. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
