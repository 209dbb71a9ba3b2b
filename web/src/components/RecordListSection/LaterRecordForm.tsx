import { Center, Loader } from "@mantine/core";
import { type ComponentType, Suspense, useEffect, useRef, useState } from "react";

/**
 * A record's form in its dialog (発送元, 備考欄設定, 契約情報), from `loadLater`: its code
 * and schema are fetched when the list is idle, before a dialog is first opened. Opened
 * before then, the dialog shows a loader until the form comes, then gives the focus to the
 * form's `data-autofocus` field, as the dialog does when it opens with the form in it.
 */
export function LaterRecordForm<Props extends object>({
  form,
  ...props
}: { form: { Component: ComponentType<Props>; isLoaded: () => boolean } } & Props) {
  const [late] = useState(() => !form.isLoaded());
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" aria-label="読み込み中" />
        </Center>
      }
    >
      <form.Component {...(props as unknown as Props)} />
      {late && <FocusFirstField />}
    </Suspense>
  );
}

/** Once drawn (with the form it follows): the focus to the dialog's `data-autofocus` field. */
function FocusFirstField() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    ref.current
      ?.closest<HTMLElement>("[role=dialog]")
      ?.querySelector<HTMLElement>("[data-autofocus]")
      ?.focus();
  }, []);
  return <span ref={ref} hidden />;
}
