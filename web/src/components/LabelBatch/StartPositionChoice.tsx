import { Suspense } from "react";
import { useStandIn } from "../../lib/load-later";
import { startPositionPicker } from "../OrderList/order-list-later";
import { StartPositionButton } from "./StartPositionButton";
import type { StartPosition } from "./start-position";

/**
 * 印刷開始位置 on a selection bar (注文リスト, 出荷履歴): its button stands in until the
 * picker's popover has come, and hands it the focus or the click it got meanwhile.
 */
export function StartPositionChoice({ start, disabled }: { start: StartPosition; disabled: boolean }) {
  const { ready, handoff, standInProps } = useStandIn(startPositionPicker);
  if (start.slots <= 1) return null;
  const standIn = <StartPositionButton position={start.position} disabled={disabled} {...standInProps} />;
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <startPositionPicker.Component
        start={start}
        disabled={disabled}
        defaultOpened={handoff.clicked}
        autoFocus={handoff.focused}
      />
    </Suspense>
  );
}
