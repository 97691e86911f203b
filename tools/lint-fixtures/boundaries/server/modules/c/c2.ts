import { c1 } from './c1';

export const c2 = () => c1;
