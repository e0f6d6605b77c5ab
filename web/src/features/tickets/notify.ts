import { pushSupported } from "../notifications/push";

/** Whether asking makes sense: this browser can take push notifications and was never asked. */
export const canAskNotifications = () => pushSupported() && Notification.permission === "default";
