import { x } from '../server/x';

export const z = x;
