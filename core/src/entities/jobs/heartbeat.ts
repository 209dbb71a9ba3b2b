/**
 * The re-drive's timing. A job whose heartbeat is older than HEARTBEAT_LIMIT_MS is
 * re-driven by the next sweep, run every SWEEP_EVERY_MS: at worst their sum after the
 * last sign of life. A sync step beats every BEAT_EVERY_MS, so one or two lost beats do
 * not make a living step look dead.
 */
export const HEARTBEAT_LIMIT_MS = 60_000;
export const SWEEP_EVERY_MS = 60_000;
export const BEAT_EVERY_MS = HEARTBEAT_LIMIT_MS / 3;
