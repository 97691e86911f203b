import { y } from '../src/y';

export const x = y;
