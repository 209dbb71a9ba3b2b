import { Select, type SelectProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { useRef } from "react";
import { type StandInHandoff, useTakeHandoff } from "../../lib/load-later";

/** Mantine's Select as it replaces LaterSelect's stand-in: with the focus and the click the stand-in got. */
export function HandedOverSelect({
  handoff,
  ref,
  ...props
}: SelectProps & { handoff: StandInHandoff; ref?: React.Ref<HTMLInputElement> }) {
  const input = useRef<HTMLInputElement>(null);
  useTakeHandoff(() => input.current, handoff);
  return <Select ref={useMergedRef(input, ref)} {...props} />;
}
