import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: "sm" | "md" | "lg" | "xl";
  children: ReactNode;
}

/** A dialog holding one form; full screen on phones, where a centred box would be cramped. */
export function FormModal({ opened, onClose, title, size = "lg", children }: FormModalProps) {
  const phone = useMediaQuery("(max-width: 47.99em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      centered={!phone}
      padding="lg"
      closeButtonProps={{ "aria-label": "閉じる" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {children}
    </Modal>
  );
}
