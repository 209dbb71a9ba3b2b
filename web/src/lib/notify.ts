import { notifications } from "@mantine/notifications";

/** Toasts (spec §2): they close after 1.5 s (set on <Notifications />) and have no progress bar. */
export const notify = {
  success(message: string) {
    notifications.show({ message, color: "teal" });
  },
  warning(message: string) {
    notifications.show({ message, color: "orange" });
  },
  error(message: string) {
    notifications.show({ message, color: "red" });
  },
};
