import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { selectRows, type Database } from "../db/client";

/**
 * A table of work to do: each row is due at `dueAt` and counts its `attempts`. Claiming a row pushes its
 * `dueAt` into the future (a lease) and counts an attempt, so a process that dies holding it only delays it.
 */
export type JobTable = { table: PgTable; id: AnyPgColumn; dueAt: AnyPgColumn; attempts: AnyPgColumn };

/**
 * Claims up to `limit` due rows that also match `where`, oldest due first, with FOR UPDATE SKIP LOCKED, so
 * any number of processes can claim side by side and never get the same row; returns their ids.
 */
export async function claimDue(
  db: Database,
  job: JobTable,
  { where, limit, leaseSeconds }: { where: SQL; limit: number; leaseSeconds: number },
): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update ${job.table}
        set ${sql.identifier(job.attempts.name)} = ${job.attempts} + 1,
            ${sql.identifier(job.dueAt.name)} = now() + make_interval(secs => ${leaseSeconds})
        where ${job.id} in (
          select ${job.id} from ${job.table}
          where ${where} and ${job.dueAt} <= now()
          order by ${job.dueAt}
          limit ${limit}
          for update skip locked)
        returning ${job.id} as id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Seconds before the next try after a failed attempt: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(1, attempts));

export type JobRunner = {
  /** One pass now; resolves to how much work it did. Tests call it directly instead of starting the runner. */
  runOnce: () => Promise<number>;
  start: () => void;
  /** Once started, runs a pass as soon as the current one ends instead of waiting for the next tick. */
  nudge: () => void;
  /** Stops the ticks and waits for the pass under way. */
  stop: () => Promise<void>;
};

/**
 * Runs `pass` every `intervalMs` once started, one pass at a time; a pass that throws is logged and the
 * next one runs on schedule. Nudges while a pass runs ask for one more pass right after it, however many
 * come. Started and stopped with the app (app.ts).
 */
export function createJobRunner({
  name,
  intervalMs,
  pass,
  log,
}: {
  name: string;
  intervalMs: number;
  pass: () => Promise<number>;
  log: FastifyBaseLogger;
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let started = false;

  function tick() {
    again = false;
    running = pass()
      .catch((error: unknown) => log.error({ err: error, job: name }, "a background job's pass failed"))
      .finally(() => {
        running = undefined;
        if (!started) return;
        if (again) tick();
        else timer = setTimeout(tick, intervalMs);
      });
  }

  return {
    runOnce: pass,
    start() {
      started = true;
      tick();
    },
    nudge() {
      if (!started) return;
      if (running) {
        again = true;
        return;
      }
      clearTimeout(timer);
      tick();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
