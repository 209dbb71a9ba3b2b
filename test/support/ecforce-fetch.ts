/**
 * A test's own look at a simulated Ecforce shop, as a well-behaved client: the shop takes four
 * requests at once, then one a second (Ecforce.RATE_LIMIT), and answers 429 with Retry-After
 * beyond that, so a check made right after the product used the shop waits its turn.
 */
export async function fetchEcforce(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, init);
    if (response.status !== 429 || attempt >= 10) return response;
    await response.body?.cancel();
    const seconds = Number(response.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}
