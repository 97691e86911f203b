import { x } from '../server/x';

export const bad = x;
