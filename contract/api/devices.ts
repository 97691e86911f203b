import * as v from 'valibot';
import { ConnectedControllerSchema } from '../console';
import { ControllerAckSchema, DeviceCommandSchema } from '../device';
import { LiftParametersSchema } from '../parameters';
import { IdParamsSchema } from '../schemas/common';
import { endpoint } from './endpoint';

const tags = ['devices'];

/** The admin console to controllers: parameters, commands, and (for devs) who is connected. */
export const devicesApi = {
  sendParameters: endpoint({
    method: 'POST',
    path: '/lifts/:id/params',
    params: IdParamsSchema,
    body: LiftParametersSchema,
    answer: ControllerAckSchema,
    errors: [403, 404],
    auth: 'admin',
    summary: "Save a lift's parameters and send them to its controller when connected",
    tags,
  }),
  sendCommand: endpoint({
    method: 'POST',
    path: '/lifts/:id/command',
    params: IdParamsSchema,
    body: DeviceCommandSchema,
    answer: ControllerAckSchema,
    errors: [403, 404],
    auth: 'admin',
    summary: "Run a command on a lift's controller",
    tags,
  }),
  connected: endpoint({
    method: 'GET',
    path: '/devices/connected',
    answer: v.array(ConnectedControllerSchema),
    errors: [403],
    auth: 'dev',
    summary: 'The controllers connected now (devs)',
    tags,
  }),
};
