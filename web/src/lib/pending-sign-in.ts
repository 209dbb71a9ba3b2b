/**
 * The password of a sign-up (or of a sign-in refused because the account was not
 * confirmed yet), kept in memory only, so that confirming the email with the code
 * can sign the user in at once. Never written to storage or the URL; a reload
 * forgets it and the user signs in on /login instead.
 */
const maxAgeMs = 30 * 60_000;

let pending: { email: string; password: string; at: number } | null = null;

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export function rememberPendingSignIn(email: string, password: string): void {
  pending = { email: normalise(email), password, at: Date.now() };
}

/** The password remembered for `email`, once: it is forgotten as it is handed out. */
export function takePendingSignIn(email: string): string | null {
  const entry = pending;
  pending = null;
  if (!entry || entry.email !== normalise(email) || Date.now() - entry.at > maxAgeMs) return null;
  return entry.password;
}

export function forgetPendingSignIn(): void {
  pending = null;
}
