import { alarmsApi } from '../../../contract/api/alarms';
import { devicesApi } from '../../../contract/api/devices';
import { liftsApi } from '../../../contract/api/lifts';
import { usersApi } from '../../../contract/api/users';
import type { DeviceCommand } from '../../../contract/device';
import type { LiftParameters } from '../../../contract/parameters';
import type { LiftInput } from '../../../contract/schemas/lift';
import { call } from '../../data/api/http';

export const registerLift = (input: LiftInput) => call(liftsApi.register, { body: input });
export const updateLift = (id: string, input: Partial<LiftInput> & { baseVersion?: number }) =>
  call(liftsApi.update, { params: { id }, body: input });
export const deleteLifts = (ids: string[]) => call(liftsApi.remove, { body: { ids } });
export const rotateDeviceKey = (id: string) => call(liftsApi.rotateDeviceKey, { params: { id } });
export const sendParameters = (id: string, parameters: LiftParameters) =>
  call(devicesApi.sendParameters, { params: { id }, body: parameters });
export const sendCommand = (id: string, name: DeviceCommand['name']) =>
  call(devicesApi.sendCommand, { params: { id }, body: { name } });
/** "Test alarm": a real test alarm told to the lift's people, and the controller's own test when connected. */
export const raiseTestAlarm = (id: string) => call(alarmsApi.test, { params: { id } });
export const fetchUsersByRole = (role: 'customer' | 'service_man') =>
  call(usersApi.list, { query: { role, pageSize: 100 } });
