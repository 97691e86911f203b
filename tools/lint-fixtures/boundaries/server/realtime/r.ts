import { m } from '../modules/m/m';

export const r = m;
