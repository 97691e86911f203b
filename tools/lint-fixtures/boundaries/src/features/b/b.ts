import type { A } from '../a/a';

export const b = 'b';
export const nameOf = (value: A) => value.name;
