import { Elysia } from "elysia";
import * as v from "valibot";
import { NotificationPrefsBody, PUSH_LIMITS, PushDeviceBody } from "../../contract/schemas/notifications";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import {
  assertMaySetDefaults,
  listDevices,
  notificationSettings,
  registerDevice,
  removeDevice,
  resetMyPrefs,
  saveCompanyDefaults,
  saveMyPrefs,
} from "../../modules/notifications";
import { deleted } from "./kit";

const DeviceQuery = v.object({ deviceId: v.optional(v.pipe(v.string(), v.maxLength(PUSH_LIMITS.deviceIdMax))) });

/** /notifications routes: the caller's push devices, their preferences, and (admins) the company's defaults. */
export const notificationsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/notifications/devices", ({ ctx, query }) => listDevices(ctx, parse(DeviceQuery, query).deviceId))
    .post("/notifications/devices", ({ ctx, body, request, set }) => {
      const device = registerDevice(ctx, parse(PushDeviceBody, body), (request.headers.get("user-agent") ?? "").slice(0, 512));
      set.status = 201;
      return device;
    })
    .delete("/notifications/devices/:id", deleted(removeDevice, "Device removed"))
    .get("/notifications/preferences", ({ ctx }) => notificationSettings(ctx))
    .put("/notifications/preferences", ({ ctx, body }) => saveMyPrefs(ctx, parse(NotificationPrefsBody, body)))
    .delete("/notifications/preferences", ({ ctx }) => resetMyPrefs(ctx))
    .put("/notifications/defaults", ({ ctx, body }) => {
      assertMaySetDefaults(ctx);
      return saveCompanyDefaults(ctx, parse(NotificationPrefsBody, body));
    });
