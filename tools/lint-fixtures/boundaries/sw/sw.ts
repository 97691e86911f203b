import { c } from '../contract/c';
import { y } from '../src/y';

export const sw = `${c}${y}`;
