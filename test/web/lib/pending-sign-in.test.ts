import {
  forgetPendingSignIn,
  rememberPendingSignIn,
  takePendingSignIn,
} from "../../../web/src/lib/pending-sign-in";

afterEach(() => {
  forgetPendingSignIn();
  vi.useRealTimers();
});

describe("the password kept for signing in after the code", () => {
  it("is handed out once, for the same address (case and spaces aside)", () => {
    rememberPendingSignIn("Tanaka@Example.jp", "Passw0rd!");
    expect(takePendingSignIn(" tanaka@example.jp ")).toBe("Passw0rd!");
    expect(takePendingSignIn("tanaka@example.jp")).toBeNull();
  });

  it("is not handed out for another address, and is then forgotten", () => {
    rememberPendingSignIn("tanaka@example.jp", "Passw0rd!");
    expect(takePendingSignIn("suzuki@example.jp")).toBeNull();
    expect(takePendingSignIn("tanaka@example.jp")).toBeNull();
  });

  it("expires after 30 minutes", () => {
    vi.useFakeTimers();
    rememberPendingSignIn("tanaka@example.jp", "Passw0rd!");
    vi.advanceTimersByTime(30 * 60_000 + 1);
    expect(takePendingSignIn("tanaka@example.jp")).toBeNull();
  });
});
