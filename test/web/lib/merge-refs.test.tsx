import { render } from "@testing-library/react";
import { createRef, type Ref } from "react";
import { useMergeRefs } from "../../../web/src/lib/merge-refs";

function Merged({ refs }: { refs: Array<Ref<HTMLDivElement> | undefined> }) {
  const ref = useMergeRefs(refs);
  return <div ref={ref} data-testid="merged" />;
}

describe("useMergeRefs (ScrollArea's, in place of floating-ui's)", () => {
  it("gives the element to an object ref and a callback ref, and takes it back from both on unmount", () => {
    const objectRef = createRef<HTMLDivElement>();
    const seen: Array<HTMLDivElement | null> = [];
    const callbackRef = (element: HTMLDivElement | null) => {
      seen.push(element);
    };
    const { unmount, getByTestId } = render(<Merged refs={[objectRef, undefined, callbackRef]} />);
    const element = getByTestId("merged");
    expect(objectRef.current).toBe(element);
    expect(seen).toEqual([element]);

    unmount();
    expect(objectRef.current).toBeNull();
    expect(seen).toEqual([element, null]);
  });

  it("moves the element from a replaced callback ref to its replacement", () => {
    const first: Array<HTMLDivElement | null> = [];
    const second: Array<HTMLDivElement | null> = [];
    const firstRef = (element: HTMLDivElement | null) => {
      first.push(element);
    };
    const secondRef = (element: HTMLDivElement | null) => {
      second.push(element);
    };
    const { rerender, getByTestId } = render(<Merged refs={[firstRef]} />);
    const element = getByTestId("merged");
    rerender(<Merged refs={[secondRef]} />);
    expect(first).toEqual([element, null]);
    expect(second).toEqual([element]);
  });

  it("runs the cleanup a callback ref returns instead of calling it with null", () => {
    const calls: string[] = [];
    const withCleanup = (element: HTMLDivElement | null) => {
      calls.push(element ? "set" : "null");
      return () => {
        calls.push("cleanup");
      };
    };
    const { unmount } = render(<Merged refs={[withCleanup]} />);
    unmount();
    expect(calls).toEqual(["set", "cleanup"]);
  });

  it("is no ref at all when none of the refs is set, as floating-ui's is", () => {
    let merged: unknown = "unset";
    function Probe() {
      merged = useMergeRefs<HTMLDivElement>([undefined, null]);
      return null;
    }
    render(<Probe />);
    expect(merged).toBeNull();
  });
});
