import { Elysia } from "elysia";
import * as v from "valibot";
import { NotificationPrefsBody, PUSH_LIMITS, PushDeviceBody } from "../../contract/schemas/notifications";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import * as notifications from "../../modules/notifications";
import { deleted } from "./kit";

const DeviceQuery = v.object({ deviceId: v.optional(v.pipe(v.string(), v.maxLength(PUSH_LIMITS.deviceIdMax))) });

/** /notifications routes: the caller's push devices, their preferences, and (admins) the company's defaults. */
export const notificationsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/notifications/devices", ({ ctx, query }) => notifications.listDevices(ctx, parse(DeviceQuery, query).deviceId))
    .post("/notifications/devices", async ({ ctx, body, request, set }) => {
      const device = await notifications.registerDevice(ctx, parse(PushDeviceBody, body), (request.headers.get("user-agent") ?? "").slice(0, 512));
      set.status = 201;
      return device;
    })
    .delete("/notifications/devices/:id", deleted(notifications.removeDevice, "Device removed"))
    .get("/notifications/preferences", ({ ctx }) => notifications.notificationSettings(ctx))
    .put("/notifications/preferences", ({ ctx, body }) => notifications.saveMyPrefs(ctx, parse(NotificationPrefsBody, body)))
    .delete("/notifications/preferences", ({ ctx }) => notifications.resetMyPrefs(ctx))
    .put("/notifications/defaults", ({ ctx, body }) => {
      notifications.assertMaySetDefaults(ctx);
      return notifications.saveCompanyDefaults(ctx, parse(NotificationPrefsBody, body));
    });
