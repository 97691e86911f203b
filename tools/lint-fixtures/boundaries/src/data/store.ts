import { a } from '../features/a/a';

export const store = a;
