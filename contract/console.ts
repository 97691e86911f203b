import * as v from 'valibot';

/** The dev's device console (ESP32-Cloud): who is connected and the raw traffic, live. */
export const ConnectedControllerSchema = v.object({
  imei: v.string(),
  liftId: v.string(),
  uid: v.string(),
  connectedAt: v.string(),
});
export type ConnectedController = v.InferOutput<typeof ConnectedControllerSchema>;

export interface DeviceTraffic {
  at: string;
  imei: string;
  /** `in`: controller to server; `out`: server to controller. */
  direction: 'in' | 'out';
  event: string;
  payload: unknown;
}
