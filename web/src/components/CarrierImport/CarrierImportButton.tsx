import { Button, type ButtonProps } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { Suspense, useEffect, useState } from "react";
import { loadLater, prefetchWhenIdle } from "../../lib/load-later";

/** The dialog and its file checks come after the order list is drawn (prefetched when idle). */
const carrierImportModal = loadLater(() =>
  import("./CarrierImportModal").then((module) => module.CarrierImportModal),
);

/** 発行済みデータを取り込む: the button, and its dialog while open. */
export function CarrierImportButton(props: Pick<ButtonProps, "ml" | "size">) {
  const [opened, setOpened] = useState(false);
  useEffect(() => prefetchWhenIdle(carrierImportModal.prefetch), []);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpened(true)}
        {...props}
      >
        発行済みデータを取り込む
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <carrierImportModal.Component onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
