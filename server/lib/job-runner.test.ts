import { afterEach, describe, expect, it } from "vitest";
import { createJobRunner, type JobRunner } from "./job-runner";

const silent = { error: () => {} } as never;

/** A pass that waits for `release()` each time, counting its passes and how many ran at once. */
function gatedPasses() {
  const gates: (() => void)[] = [];
  const waiting: { passes: number; resolve: () => void }[] = [];
  let passes = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  return {
    pass: async () => {
      passes += 1;
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      for (const wait of waiting.filter((w) => w.passes <= passes)) wait.resolve();
      await new Promise<void>((resolve) => gates.push(resolve));
      inFlight -= 1;
      return 1;
    },
    /** Resolves once the `n`th pass has begun. */
    passBegun: (n: number) =>
      new Promise<void>((resolve) => (passes >= n ? resolve() : waiting.push({ passes: n, resolve }))),
    release: () => gates.splice(0).forEach((resolve) => resolve()),
    counts: () => ({ passes, mostAtOnce }),
  };
}

/** Lets every promise callback and timer-free task queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let runner: JobRunner | undefined;
afterEach(async () => {
  const stopping = runner?.stop();
  runner = undefined;
  await stopping;
});

describe("a background job's runner", () => {
  it("runs one more pass after the current one however many nudges came during it, never two at once", async () => {
    const job = gatedPasses();
    runner = createJobRunner({ name: "test", intervalMs: 60_000, pass: job.pass, log: silent });
    runner.start();
    await job.passBegun(1);
    for (let i = 0; i < 5; i++) runner.nudge();
    job.release();
    await job.passBegun(2);
    expect(job.counts()).toEqual({ passes: 2, mostAtOnce: 1 });
    job.release();
    await settle();
    // No third pass: the nudges were answered by the second.
    expect(job.counts().passes).toBe(2);
  });

  it("runs a pass at once when nudged between passes, and none once stopped", async () => {
    const job = gatedPasses();
    runner = createJobRunner({ name: "test", intervalMs: 60_000, pass: job.pass, log: silent });
    runner.nudge();
    expect(job.counts().passes).toBe(0);
    runner.start();
    await job.passBegun(1);
    job.release();
    await settle();
    runner.nudge();
    await job.passBegun(2);
    expect(job.counts().passes).toBe(2);
    const stopped = runner.stop();
    runner.nudge();
    job.release();
    await stopped;
    expect(job.counts()).toEqual({ passes: 2, mostAtOnce: 1 });
  });
});
