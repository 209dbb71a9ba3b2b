import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * A simulator's shops kept in one JSON file, so `npm start` finds the stores it left: an order
 * the merchant added with the platform's own API must still be in the shop when the product,
 * which keeps it in DynamoDB on disk, uploads its tracking number after a restart. Tests run
 * without a file, on throwaway in-memory shops.
 *
 * A change is written shortly after it happens (changes in a burst are written once), and at
 * once on `flush`, which the simulators' stop calls.
 */
export type PersistedFile<T> = {
  /** The snapshot last written, or undefined when there is none yet (or no file at all). */
  load(): T | undefined;
  /** Something changed: write a snapshot soon. */
  changed(): void;
  /** Write now if anything changed since the last write. */
  flush(): void;
};

const WRITE_DELAY_MS = 200;

export function persistedFile<T>(file: string | undefined, snapshot: () => T): PersistedFile<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!file || !dirty) return;
    dirty = false;
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed: a stop in the middle of a write never leaves half a file.
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(snapshot()));
    renameSync(aside, file);
  };
  return {
    load: () => (file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined),
    changed() {
      if (!file) return;
      dirty = true;
      if (!timer) {
        timer = setTimeout(write, WRITE_DELAY_MS);
        timer.unref?.();
      }
    },
    flush: write,
  };
}
