import { notifications } from "@mantine/notifications";

/**
 * Toasts (docs/requirements.md#loading-toasts-and-error-page): they close after 1.5 s (set on
 * <Notifications />) and have no progress bar.
 */
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
