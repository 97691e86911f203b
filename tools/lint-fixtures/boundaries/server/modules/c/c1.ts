import { c2 } from './c2';

export const c1 = () => c2();
