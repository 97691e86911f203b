import type { LiftParameters } from '../../../contract/parameters';
import type { Lift, LiftInput } from '../../../contract/schemas/lift';
import type { User } from '../../../contract/schemas/user';
import { api } from '../../data/http';

export interface LiftListPage {
  lifts: Lift[];
  count: number;
}

export type LiftRegistered = Lift & { deviceKey: string };
export interface ControllerAck {
  ok: boolean;
  error?: string;
}

export const registerLift = (input: LiftInput) =>
  api.post('lifts/register', { json: input }).json<LiftRegistered>();
export const updateLift = (id: string, input: Partial<LiftInput> & { baseVersion?: number }) =>
  api.put(`lifts/${id}`, { json: input }).json<Lift>();
export const deleteLifts = (ids: string[]) =>
  api.post('lifts/deleteByIds', { json: { ids } }).json<unknown>();
export const rotateDeviceKey = (id: string) =>
  api.post(`lifts/${id}/device-key`).json<{ deviceKey: string }>();
export const sendParameters = (id: string, parameters: LiftParameters) =>
  api.post(`lifts/${id}/params`, { json: parameters }).json<ControllerAck>();
export const sendCommand = (id: string, name: string) =>
  api.post(`lifts/${id}/command`, { json: { name } }).json<ControllerAck>();
export const fetchUsersByRole = (role: 'customer' | 'service_man') =>
  api.get('users', { searchParams: { role, pageSize: 100 } }).json<{ users: User[]; count: number }>();
export const saveMessageNotes = (
  id: string,
  body: {
    year: number;
    isNotes: boolean;
    notes: { title: string; notes: string; urls: string[] };
    baseVersion?: number;
  },
) => api.put(`messages/${id}`, { json: body }).json<unknown>();
