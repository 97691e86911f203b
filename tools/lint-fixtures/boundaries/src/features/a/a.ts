import { label } from '../../ui/label';
import { b } from '../b/b';
import { part } from './a-part';

export type A = { name: string };
export const a = `${label}${part}${b}`;
