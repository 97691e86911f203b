import { m } from '../modules/m/m';

export const p = m;
